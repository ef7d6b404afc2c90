-- outside.sql: the SQL bench/outside.sh gives SQLite's shell (make
-- bench-outside SQLITE=DIR), in memory: the kinds of work speedtest1.c
-- times (inserts into indexed tables, a join, grouping, sorting, LIKE,
-- updates and deletes) on 8,000 rows, about 1.6 s of the guest's time.
CREATE TABLE t1(a INTEGER PRIMARY KEY, b INTEGER, c TEXT);
CREATE TABLE t2(a INTEGER, b INTEGER, c TEXT);
WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM n WHERE x<8000)
INSERT INTO t1 SELECT x, (x*7919)%10007, printf('%d row %08x', x, (x*2654435761)%4294967296) FROM n;
INSERT INTO t2 SELECT b, a, c FROM t1;
CREATE INDEX t1b ON t1(b);
CREATE INDEX t2a ON t2(a);
SELECT count(*), sum(b), avg(length(c)) FROM t1;
SELECT count(*) FROM t1 JOIN t2 ON t1.b = t2.a;
SELECT b % 100, count(*), max(c) FROM t1 GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3;
SELECT sum(b) FROM t1 WHERE c LIKE '%7 row%';
UPDATE t1 SET b = b + 1 WHERE a % 3 = 0;
DELETE FROM t2 WHERE a % 5 = 0;
SELECT count(*), sum(a) FROM t2;
SELECT c FROM t1 ORDER BY c DESC LIMIT 2;
