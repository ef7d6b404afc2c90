/* timeline.c: the run in time from the dump's trace (timeline.h). The
 * trace is each CPU's ticks in order, CPU 0's first (docs/dump-format.md,
 * "Version 5: the trace"); a CPU's part is its first ticks, as many as it
 * counted or as its trace held, the same cap for every CPU: the cap that
 * makes the parts add up to the trace is found, and when none does the
 * trace is one track. A tick lasts 1e6 / hz microseconds. pinfo_timeline,
 * last, reads the files and writes the JSON file. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dumpfmt.h"
#include "hostio.h"
#include "htmlbase.h"
#include "load.h"
#include "shown.h"
#include "timeline.h"

/* Each CPU's part of the trace: as version 8 gives it, else min(samples,
 * cap) for the cap that adds up to ntrace; 1 track of all when there is
 * no such cap. */
static uint32_t split(const struct pdump *d, uint32_t *len)
{
	uint64_t lo = 0, hi = d->ntrace, mid, sum;
	uint32_t c;

	if (d->ncpu < 2)
		goto one;
	if (d->cputrace) {
		for (c = 0; c < d->ncpu; c++)
			len[c] = d->cputrace[c];
		return d->ncpu;
	}
	while (lo < hi) {	/* the least cap whose parts reach ntrace */
		mid = (lo + hi) / 2;
		for (sum = 0, c = 0; c < d->ncpu; c++)
			sum += d->cpus[c].samples < mid ? d->cpus[c].samples : mid;
		if (sum < d->ntrace)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (sum = 0, c = 0; c < d->ncpu; c++)
		sum += len[c] = (uint32_t)(d->cpus[c].samples < lo ? d->cpus[c].samples : lo);
	if (sum == d->ntrace)
		return d->ncpu;
one:
	len[0] = d->ntrace;
	return 1;
}

/* The function of module m's map at addr in segment segno, or NULL. */
static const char *name_at(const struct map *m, uint16_t segno, uint32_t addr)
{
	const struct msym *best = NULL;

	for (size_t k = 0; k < m->n; k++)
		if (m->syms[k].seg == segno && m->syms[k].addr <= addr && (!best || m->syms[k].addr > best->addr))
			best = &m->syms[k];
	return best ? best->name : NULL;
}

/* Each bucket's function (lazily, cached), by bucket number (1-based). */
struct names {
	const struct pdump *d;
	const struct map *maps;
	size_t nmaps;
	uint32_t *first;	/* nseg + 1: each segment's first bucket number */
	const char **name;	/* by bucket number */
	uint8_t *known;
	const struct map **mapof;	/* by segment */
};

static const char *bucket_name(struct names *nm, uint32_t b, uint32_t *seg)
{
	uint32_t i = 0, lo = 0, hi = nm->d->nseg;

	while (lo < hi) {	/* the last segment whose first bucket is at most b */
		uint32_t mid = (lo + hi) / 2;
		if (nm->first[mid] <= b)
			i = mid, lo = mid + 1;
		else
			hi = mid;
	}
	*seg = i;
	if (!nm->known[b]) {
		const struct pdump_seg *s = &nm->d->segs[i];
		uint32_t addr = s->origin + ((b - nm->first[i]) << nm->d->shift);
		nm->name[b] = nm->mapof[i] ? name_at(nm->mapof[i], s->segno, addr) : NULL;
		nm->known[b] = 1;
	}
	return nm->name[b];
}

int timeline_make(const struct pdump *d, const struct map *maps, size_t nmaps, struct timeline *t)
{
	struct names nm = { d, maps, nmaps, NULL, NULL, NULL, NULL };
	uint32_t nb = 1, c, at = 0, seg = 0;
	size_t cap = 0;
	int rc = -1;

	memset(t, 0, sizeof *t);
	t->tick_us = d->hz ? 1e6 / d->hz : 1000.0;
	if (!(t->len = calloc(d->ncpu ? d->ncpu : 1, sizeof *t->len)) ||
	    !(nm.first = calloc(d->nseg + 1, sizeof *nm.first)) ||
	    !(nm.mapof = calloc(d->nseg + 1, sizeof *nm.mapof)))
		goto out;
	for (uint32_t i = 0; i < d->nseg; i++) {
		nm.first[i] = nb;
		nb += pdump_nbuckets(d->segs[i].length, d->shift);
		for (size_t k = 0; k < nmaps && !nm.mapof[i]; k++)
			if (!strcasecmp(maps[k].module, d->segs[i].module))
				nm.mapof[i] = &maps[k];
	}
	nm.first[d->nseg] = nb;
	if (!(nm.name = calloc(nb, sizeof *nm.name)) || !(nm.known = calloc(nb, 1)))
		goto out;
	t->ncpu = split(d, t->len);
	for (c = 0; c < t->ncpu; c++) {
		struct tl_slice *last = NULL;
		for (uint32_t j = 0; j < t->len[c]; j++, at++) {
			uint32_t b = d->trace[at];
			const char *module = NULL, *name = NULL;
			if (b && b < nb) {
				name = bucket_name(&nm, b, &seg);
				module = d->segs[seg].module;
			}
			if (last && last->module == module && last->name == name) {
				last->n++;
				continue;
			}
			if (t->n == cap) {
				struct tl_slice *s = realloc(t->s, (cap = cap ? cap * 2 : 256) * sizeof *s);
				if (!s)
					goto out;
				t->s = s;
			}
			last = &t->s[t->n++];
			*last = (struct tl_slice){ c, j, 1, module, name };
		}
	}
	rc = 0;
out:
	free(nm.first);
	free(nm.mapof);
	free(nm.name);
	free(nm.known);
	if (rc)
		timeline_free(t);
	return rc;
}

void timeline_free(struct timeline *t)
{
	free(t->s);
	free(t->len);
	memset(t, 0, sizeof *t);
}

/* s as a JSON string: '"', '\\' and bytes outside ' ' to '~' escaped. */
static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20 || ch > 0x7e)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

static const char *module_of(const struct tl_slice *s)
{
	return s->module ? s->module : "(kernel, idle or out of range)";
}

int timeline_json(FILE *out, const struct timeline *t)
{
	fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
	      "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\"profkern\"}}", out);
	for (uint32_t c = 0; c < t->ncpu; c++)
		fprintf(out, ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"args\":{\"name\":\"CPU %u\"}}",
			c, c);
	for (size_t i = 0; i < t->n; i++) {
		const struct tl_slice *s = &t->s[i];
		double ts = s->first * t->tick_us;

		if (i && s[-1].cpu == s->cpu && s[-1].module != s->module) {
			fprintf(out, ",\n{\"name\":\"switch\",\"cat\":\"switch\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%.3f,"
				"\"pid\":1,\"tid\":%u,\"args\":{\"from\":", ts, s->cpu);
			json_str(out, module_of(s - 1));
			fputs(",\"to\":", out);
			json_str(out, module_of(s));
			fputs("}}", out);
		}
		fputs(",\n{\"name\":", out);
		json_str(out, s->name ? s->name : module_of(s));
		fputs(",\"cat\":", out);
		json_str(out, module_of(s));
		fprintf(out, ",\"ph\":\"X\",\"ts\":%.3f,\"dur\":%.3f,\"pid\":1,\"tid\":%u,\"args\":{\"ticks\":%u}}",
			ts, s->n * t->tick_us, s->cpu, s->n);
	}
	fputs("\n]}\n", out);
	return ferror(out) ? -1 : 0;
}

int pinfo_offcpu_check(const char *path, FILE *errs)
{
	struct pdump d;
	int off;

	if (pinfo_load_dump(path, &d, errs))
		return PINFO_FAIL;
	off = (d.type & PDUMP_TYPE_OFFCPU) != 0;
	if (!off)
		fprintf(errs, "pinfo: --offcpu %s: not a profile of time off the CPU (type %u; PT_OFFCPU is %u)\n",
			SHOWN(path), d.type, PDUMP_TYPE_OFFCPU);
	pinfo_release_dump(&d);
	return off ? PINFO_OK : PINFO_FAIL;
}

static int write_json(FILE *f, void *arg)
{
	return timeline_json(f, arg);
}

int pinfo_timeline(const char *dumpfile, const char *json, char *const *paths, size_t nmaps, FILE *errs)
{
	struct pdump d;
	struct map *maps = calloc(nmaps + 1, sizeof *maps);
	struct timeline t;
	size_t k = 0;
	char err[300];
	int status = PINFO_FAIL;

	if (!maps || pinfo_load_dump(dumpfile, &d, errs)) {
		if (!maps)
			fprintf(errs, "pinfo: out of memory\n");
		free(maps);
		return PINFO_FAIL;
	}
	if (!d.ntrace)
		fprintf(errs, "pinfo: %s: no trace in the dump (version %u): no timeline to draw\n",
			SHOWN(dumpfile), d.version);
	else if (d.type & PDUMP_TYPE_EVENTS)
		fprintf(errs, "pinfo: %s: an event profile's trace is of events, not of time: no timeline\n",
			SHOWN(dumpfile));
	else {
		for (; k < nmaps; k++)
			if (pinfo_load_map(paths[k], &maps[k], errs))
				break;
		if (k == nmaps) {
			if (timeline_make(&d, maps, nmaps, &t)) {
				fprintf(errs, "pinfo: out of memory\n");
			} else {
				if (write_whole_file(json, write_json, &t, err, sizeof err))
					fprintf(errs, "pinfo: %s: %s\n", SHOWN(json), SHOWN(err));
				else
					status = PINFO_OK;
				timeline_free(&t);
			}
		}
	}
	while (k > 0)
		map_free(&maps[--k]);
	free(maps);
	pinfo_release_dump(&d);
	return status;
}

/* A module's colour: a hue from its name; grey for no module. */
static void colour(FILE *out, const char *module)
{
	uint32_t h = 5381;

	if (!module) {
		fputs("#bbb", out);
		return;
	}
	for (; *module; module++)
		h = h * 33 + (unsigned char)(*module | 0x20);
	fprintf(out, "hsl(%u,65%%,55%%)", h % 360);
}

/* The timeline's zoom (the page's own script, nothing fetched): a drag
 * over the rows shows the ticks it spans, a click twice as few around it;
 * the buttons zoom in, out, pan and show all; "#t=A-B" in the address
 * shows A to B ms. Each box is laid out anew from its ticks (data-t,
 * data-n); zoomed, a box at least TL_BYFN px wide is coloured by its
 * function (data-f) instead of its module, and one wide enough for its
 * name is labelled with it (<text class="tllabel">); the switches' marks
 * move with the boxes. The rows' edges are the SVG's data-x and data-w. */
#define TL_X	56	/* the rows' left edge, after "CPU n" */
#define TL_W	1000	/* the rows' width */
static const char tl_script[] =
	"(function(){\n"
	"var svg=document.getElementById('tlsvg');if(!svg||!+svg.getAttribute('data-ticks'))return;\n"
	"var NS='http://www.w3.org/2000/svg',X=+svg.getAttribute('data-x'),W=+svg.getAttribute('data-w'),"
	"BYFN=4,LABEL=24,MIN=4;\n"
	"var total=+svg.getAttribute('data-ticks'),ms=+svg.getAttribute('data-tick-ms');\n"
	"var boxes=svg.querySelectorAll('rect.tl'),marks=svg.querySelectorAll('line.switch');\n"
	"var range=document.getElementById('tlrange'),cur=[0,total],labels=null,sel=null,down=null;\n"
	"Array.prototype.forEach.call(boxes,function(r){r.setAttribute('data-fill',r.getAttribute('fill'));});\n"
	"function hue(s){var h=5381;for(var i=0;i<s.length;i++)h=(h*33+s.charCodeAt(i))>>>0;return h%360;}\n"
	"function show(a,b){if(b-a<MIN){var m=(a+b)/2;a=m-MIN/2;b=m+MIN/2;}\n"
	"if(a<0){b-=a;a=0;}if(b>total){a-=b-total;b=total;}a=Math.max(0,a);\n"
	"var px=W/(b-a),zoomed=b-a<total;cur=[a,b];\n"
	"if(labels)svg.removeChild(labels);labels=document.createElementNS(NS,'g');labels.setAttribute('id','tllabels');\n"
	"Array.prototype.forEach.call(boxes,function(r){var t=+r.getAttribute('data-t'),n=+r.getAttribute('data-n'),"
	"s=Math.max(t,a),e=Math.min(t+n,b);\n"
	"if(e<=s){r.setAttribute('display','none');return;}r.removeAttribute('display');\n"
	"var x=X+(s-a)*px,w=(e-s)*px,f=r.getAttribute('data-f'),byfn=zoomed&&w>=BYFN;\n"
	"r.setAttribute('x',x.toFixed(2));r.setAttribute('width',w.toFixed(2));\n"
	"r.setAttribute('fill',byfn?'hsl('+hue(f)+',75%,70%)':r.getAttribute('data-fill'));\n"
	"if(byfn)r.setAttribute('data-by','function');else r.removeAttribute('data-by');\n"
	"if(!zoomed||w<LABEL)return;var room=Math.floor((w-6)/6.6),l=document.createElementNS(NS,'text');\n"
	"l.setAttribute('class','tllabel');l.setAttribute('data-cpu',r.getAttribute('data-cpu'));l.setAttribute('data-f',f);\n"
	"l.setAttribute('pointer-events','none');\n"
	"l.setAttribute('x',(x+3).toFixed(2));l.setAttribute('y',+r.getAttribute('y')+13);\n"
	"l.textContent=f.length>room?f.slice(0,Math.max(room-2,1))+'..':f;labels.appendChild(l);});\n"
	"Array.prototype.forEach.call(marks,function(k){var t=+k.getAttribute('data-t');\n"
	"if(t<a||t>b){k.setAttribute('display','none');return;}k.removeAttribute('display');\n"
	"var x=(X+(t-a)*px).toFixed(2);k.setAttribute('x1',x);k.setAttribute('x2',x);});\n"
	"svg.appendChild(labels);\n"
	"range.textContent=(a*ms).toFixed(3)+' to '+(b*ms).toFixed(3)+' ms of '+(total*ms).toFixed(3);}\n"
	"function at(e){var p=svg.createSVGPoint();p.x=e.clientX;p.y=e.clientY;"
	"p=p.matrixTransform(svg.getScreenCTM().inverse());\n"
	"return cur[0]+(Math.min(Math.max(p.x,X),X+W)-X)*(cur[1]-cur[0])/W;}\n"
	"svg.addEventListener('mousedown',function(e){down=at(e);e.preventDefault();});\n"
	"svg.addEventListener('mousemove',function(e){if(down===null)return;var t=at(e),px=W/(cur[1]-cur[0]);\n"
	"if(!sel){sel=document.createElementNS(NS,'rect');sel.setAttribute('class','tlsel');sel.setAttribute('y',0);"
	"sel.setAttribute('height',svg.getAttribute('height'));sel.setAttribute('fill','rgba(40,80,200,0.2)');"
	"svg.appendChild(sel);}\n"
	"sel.setAttribute('x',(X+(Math.min(t,down)-cur[0])*px).toFixed(2));"
	"sel.setAttribute('width',(Math.abs(t-down)*px).toFixed(2));});\n"
	"window.addEventListener('mouseup',function(e){if(down===null)return;var t=at(e),d=down,w=cur[1]-cur[0];down=null;\n"
	"if(sel){svg.removeChild(sel);sel=null;}\n"
	"if(Math.abs(t-d)*W/w>3)show(Math.min(t,d),Math.max(t,d));else show(t-w/4,t+w/4);});\n"
	"Array.prototype.forEach.call(document.querySelectorAll('#timeline button[data-zoom]'),function(bt){"
	"bt.addEventListener('click',function(){var z=bt.getAttribute('data-zoom'),w=cur[1]-cur[0],m=(cur[0]+cur[1])/2;\n"
	"if(z==='in')show(m-w/4,m+w/4);else if(z==='out')show(m-w,m+w);else if(z==='left')show(cur[0]-w/2,cur[1]-w/2);\n"
	"else if(z==='right')show(cur[0]+w/2,cur[1]+w/2);else show(0,total);});});\n"
	"var h=/^#t=([0-9.]+)-([0-9.]+)$/.exec(location.hash);if(h&&ms>0)show(+h[1]/ms,+h[2]/ms);\n"
	"})();\n";

int html_timeline(FILE *out, const struct pdump *d, const struct map *maps, size_t nmaps)
{
	struct timeline t;
	uint32_t longest = 0;
	double px;

	if (!d->ntrace || (d->type & PDUMP_TYPE_EVENTS))
		return 0;
	if (timeline_make(d, maps, nmaps, &t))
		return -1;
	for (uint32_t c = 0; c < t.ncpu; c++)
		longest = t.len[c] > longest ? t.len[c] : longest;
	px = longest ? (double)TL_W / longest : 1;
	fprintf(out, "<section id=\"timeline\"><h2>Timeline</h2>\n<p class=\"note\">The trace's ticks in order, "
		"one row a CPU%s, %.3f ms a tick: coloured by module, each run of ticks in one function a "
		"box (its name on hover), a black mark where the module changes. Drag over the rows (or "
		"click, or +) to zoom in: zoomed, the boxes are coloured by function and named where they "
		"are wide enough.</p>\n<p class=\"tlzoom\"><button type=\"button\" data-zoom=\"in\">+</button> "
		"<button type=\"button\" data-zoom=\"out\">&minus;</button> <button type=\"button\" "
		"data-zoom=\"left\">&larr;</button> <button type=\"button\" data-zoom=\"right\">&rarr;</button> "
		"<button type=\"button\" data-zoom=\"all\">All</button> <span id=\"tlrange\">0.000 to %.3f ms "
		"of %.3f</span></p>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"tlsvg\" width=\"%d\" height=\"%u\" font-size=\"11\" "
		"data-x=\"%d\" data-w=\"%d\" data-ticks=\"%u\" data-tick-ms=\"%.6f\">\n",
		t.ncpu == 1 && d->ncpu > 1 ? " (the CPUs' traces could not be told apart: one row)" : "",
		t.tick_us / 1000, longest * t.tick_us / 1000, longest * t.tick_us / 1000, TL_X + TL_W + 4,
		t.ncpu * 24 + 4, TL_X, TL_W, longest, t.tick_us / 1000);
	for (uint32_t c = 0; c < t.ncpu; c++)
		fprintf(out, "<text x=\"0\" y=\"%u\">CPU %u</text>\n", c * 24 + 16, c);
	for (size_t i = 0; i < t.n; i++) {
		const struct tl_slice *s = &t.s[i];
		double x = TL_X + s->first * px;

		fprintf(out, "<rect class=\"tl\" data-cpu=\"%u\" data-t=\"%u\" data-n=\"%u\" data-f=\"", s->cpu,
			s->first, s->n);
		html_escape(out, s->name ? s->name : module_of(s));
		fprintf(out, "\" x=\"%.2f\" y=\"%u\" width=\"%.2f\" height=\"18\" fill=\"", x, s->cpu * 24 + 4,
			s->n * px);
		colour(out, s->module);
		fputs("\"><title>", out);
		html_escape(out, s->name ? s->name : module_of(s));
		fputs(" (", out);
		html_escape(out, module_of(s));
		fprintf(out, "): %u ticks from %.3f ms</title></rect>\n", s->n, s->first * t.tick_us / 1000);
		if (i && s[-1].cpu == s->cpu && s[-1].module != s->module)
			fprintf(out, "<line class=\"switch\" data-cpu=\"%u\" data-t=\"%u\" x1=\"%.2f\" x2=\"%.2f\" "
				"y1=\"%u\" y2=\"%u\" stroke=\"#000\"/>\n", s->cpu, s->first, x, x, s->cpu * 24 + 2,
				s->cpu * 24 + 24);
	}
	fprintf(out, "</svg>\n<script>\n%s</script></section>\n", tl_script);
	timeline_free(&t);
	return 0;
}
