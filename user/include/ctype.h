/* ctype.h: character classes and case, in the C locale (ASCII): bytes
 * 128 to 255 are in no class. c is EOF or an unsigned char's value. */
#ifndef CTYPE_H
#define CTYPE_H

int isalnum(int c);
int isalpha(int c);
int isblank(int c);
int iscntrl(int c);
int isdigit(int c);
int isgraph(int c);
int islower(int c);
int isprint(int c);
int ispunct(int c);
int isspace(int c);
int isupper(int c);
int isxdigit(int c);
int tolower(int c);
int toupper(int c);

#endif
