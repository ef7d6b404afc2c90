/* fuzz_truth.c: pinfo's reader of a run's exact instruction counts
 * (host/pinfo/read/truth.c, pinfo --truth). Beyond no crash, the promises
 * of truth.h: refused text leaves nothing kept and says at which line;
 * taken text gives pairs in order, one a pair, each module's total the sum
 * of its functions', and every pair found by its own lookup. */
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "truth.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct truth t;
	char err[300];
	size_t i, k;

	if (truth_parse((const char *)data, size, &t, err, sizeof err)) {
		FUZZ_CHECK(!t.f && !t.m && !t.text && !t.n);
		FUZZ_CHECK(err[0] && strlen(err) < sizeof err);
		return 0;
	}
	for (i = 0, k = 0; i < t.n; i++) {
		uint64_t sum = 0;
		size_t j;

		FUZZ_CHECK(!i || strcasecmp(t.f[i - 1].module, t.f[i].module) < 0 ||
			   (!strcasecmp(t.f[i - 1].module, t.f[i].module) &&
			    strcmp(t.f[i - 1].name, t.f[i].name) < 0));
		FUZZ_CHECK(truth_insns(&t, t.f[i].module, t.f[i].name) == t.f[i].insns);
		if (i && !strcasecmp(t.f[i - 1].module, t.f[i].module))
			continue;
		for (j = i; j < t.n && !strcasecmp(t.f[j].module, t.f[i].module); j++)
			sum += t.f[j].insns;
		FUZZ_CHECK(k < t.nm && truth_module(&t, t.f[i].module) == sum);
		k++;
	}
	FUZZ_CHECK(k == t.nm);
	truth_free(&t);
	return 0;
}
