/* Found through -I. */
int parse_numbers(const char *text, double *out, int max, void (*fail)(const char *what));
int parse_count(void);
double parse_value(int i);
int count_upper_words(const char *s);
