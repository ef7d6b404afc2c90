/* htmlbase.c: what the parts of pinfo --html share (htmlbase.h): text
 * escaped for the page. It calls nothing of the report above it. */
#include "htmlbase.h"

void html_escape(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default:
			if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7f)
				fprintf(out, "&#xfffd;");	/* a control code: not text */
			else
				fputc(*s, out);
		}
	}
}
