/* fuzz_pinfo.c: pinfo's reports (host-tools/report.c, attrib.c) of a dump
 * against a map, both hostile. The input is a dump and a map: two bytes
 * (little-endian) give the dump's length, the dump follows, the map is the
 * rest. The dump's CRC is made right, so that mutations reach the report;
 * both must parse for it to run, in every mix of -e -t -z. */
#include "dumpfmt.h"
#include "fuzz.h"
#include "hostio.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pdump d;
	struct map m;
	size_t dumplen;
	uint8_t *dump;
	char err[300];
	int flags, rc;

	if (size < 2 || (dumplen = (size_t)data[0] | (size_t)data[1] << 8) > size - 2)
		return -1;
	dump = fuzz_fix_crc(data + 2, dumplen);
	rc = pdump_read(dump, dumplen, &d, &host_alloc, err, sizeof err);
	free(dump);
	if (rc)
		return 0;
	if (fuzz_dump_buckets(&d) > FUZZ_BUCKETS_CAP) {
		pdump_release(&d, &host_alloc);
		return 0;
	}
	if (!map_parse("testprof.map", data + 2 + dumplen, size - 2 - dumplen, &m, err,
		       sizeof err)) {
		for (flags = 0; flags < 8; flags++)
			FUZZ_CHECK(report_module(fuzz_null(), &d, &m, flags) >= 0);
		rc = report_check_fingerprint(fuzz_null(), "t.pro", &d, "testprof.map", &m, 1);
		FUZZ_CHECK(rc == 0 || (rc == 1 && m.has_fingerprint && d.version == PDUMP_VERSION));
		map_free(&m);
	}
	pdump_release(&d, &host_alloc);
	return 0;
}
