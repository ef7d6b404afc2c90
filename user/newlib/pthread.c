/* pthread.c: <pthread.h> with one thread's semantics (docs/libc.md). A
 * mutex is a count of locks (the top bit: recursive): locking one held is
 * EDEADLK (it would wait for ever), but for a recursive one; a condition
 * wait returns at once (a spurious wake-up, which POSIX allows), a timed
 * one when its time has come; no thread can be made (EAGAIN). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RECURSIVE	0x80000000u
#define COUNT		0x7FFFFFFFu

int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
	(void)t; (void)a; (void)fn; (void)arg;
	return EAGAIN;
}

int pthread_join(pthread_t t, void **ret) { (void)ret; return t == 1 ? EDEADLK : ESRCH; }
int pthread_detach(pthread_t t) { return t == 1 ? 0 : ESRCH; }
pthread_t pthread_self(void) { return 1; }
int pthread_equal(pthread_t a, pthread_t b) { return a == b; }
void pthread_exit(void *ret) { (void)ret; exit(0); }
int pthread_attr_init(pthread_attr_t *a) { memset(a, 0, sizeof(*a)); a->is_initialized = 1; return 0; }
int pthread_attr_destroy(pthread_attr_t *a) { a->is_initialized = 0; return 0; }
int pthread_attr_setstacksize(pthread_attr_t *a, size_t n) { a->stacksize = (int)n; return 0; }
int pthread_attr_getstacksize(const pthread_attr_t *a, size_t *n) { *n = (size_t)a->stacksize; return 0; }
int pthread_attr_setdetachstate(pthread_attr_t *a, int s) { a->detachstate = s; return 0; }
int pthread_setcancelstate(int s, int *old) { (void)s; if (old) *old = 0; return 0; }

int pthread_mutexattr_init(pthread_mutexattr_t *a) { memset(a, 0, sizeof(*a)); a->is_initialized = 1; return 0; }
int pthread_mutexattr_destroy(pthread_mutexattr_t *a) { a->is_initialized = 0; return 0; }

int pthread_mutexattr_settype(pthread_mutexattr_t *a, int type)
{
	if (type < PTHREAD_MUTEX_NORMAL || type > PTHREAD_MUTEX_ERRORCHECK)
		return EINVAL;
	a->recursive = type == PTHREAD_MUTEX_RECURSIVE;
	return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type)
{
	*type = a->recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_NORMAL;
	return 0;
}

int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	*m = a && a->recursive ? RECURSIVE : 0;
	return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *m) { return (*m & COUNT) ? EBUSY : 0; }

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	if ((*m & COUNT) && !(*m & RECURSIVE))
		return EBUSY;
	if ((*m & COUNT) == COUNT)
		return EAGAIN;
	(*m)++;
	return 0;
}

int pthread_mutex_lock(pthread_mutex_t *m)
{
	int r = pthread_mutex_trylock(m);

	return r == EBUSY ? EDEADLK : r;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
	if (!(*m & COUNT))
		return EPERM;
	(*m)--;
	return 0;
}

int pthread_condattr_init(pthread_condattr_t *a) { memset(a, 0, sizeof(*a)); a->is_initialized = 1; return 0; }
int pthread_condattr_destroy(pthread_condattr_t *a) { a->is_initialized = 0; return 0; }
int pthread_condattr_setclock(pthread_condattr_t *a, clockid_t c) { a->clock = (clock_t)c; return 0; }
int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a) { (void)a; *c = 0; return 0; }
int pthread_cond_destroy(pthread_cond_t *c) { (void)c; return 0; }
int pthread_cond_signal(pthread_cond_t *c) { (void)c; return 0; }
int pthread_cond_broadcast(pthread_cond_t *c) { (void)c; return 0; }

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	(void)c;
	return (*m & COUNT) ? 0 : EPERM;
}

/* No one else can signal: the wait ends at its time (the real-time
 * clock, the guest's), ETIMEDOUT. */
int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
	struct timespec now, d;

	(void)c;
	if (!(*m & COUNT))
		return EPERM;
	if (t->tv_nsec < 0 || t->tv_nsec >= 1000000000)
		return EINVAL;
	clock_gettime(CLOCK_REALTIME, &now);
	if (now.tv_sec < t->tv_sec || (now.tv_sec == t->tv_sec && now.tv_nsec < t->tv_nsec)) {
		d.tv_sec = t->tv_sec - now.tv_sec;
		d.tv_nsec = t->tv_nsec - now.tv_nsec;
		if (d.tv_nsec < 0) {
			d.tv_sec--;
			d.tv_nsec += 1000000000;
		}
		nanosleep(&d, 0);
	}
	return ETIMEDOUT;
}

int pthread_once(pthread_once_t *o, void (*fn)(void))
{
	if (!o->init_executed) {
		o->init_executed = 1;
		fn();
	}
	return 0;
}

static struct { int used; void (*dtor)(void *); const void *value; } keys[PTHREAD_KEYS_MAX];

int pthread_key_create(pthread_key_t *k, void (*dtor)(void *))
{
	for (int i = 0; i < PTHREAD_KEYS_MAX; i++)
		if (!keys[i].used) {
			keys[i].used = 1;
			keys[i].dtor = dtor;
			keys[i].value = 0;
			*k = (pthread_key_t)i;
			return 0;
		}
	return EAGAIN;
}

int pthread_key_delete(pthread_key_t k)
{
	if (k >= PTHREAD_KEYS_MAX || !keys[k].used)
		return EINVAL;
	keys[k].used = 0;
	return 0;
}

void *pthread_getspecific(pthread_key_t k)
{
	return k < PTHREAD_KEYS_MAX && keys[k].used ? (void *)(uintptr_t)keys[k].value : 0;
}

int pthread_setspecific(pthread_key_t k, const void *v)
{
	if (k >= PTHREAD_KEYS_MAX || !keys[k].used)
		return EINVAL;
	keys[k].value = v;
	return 0;
}

/* A read-write lock: readers counted, a writer the top bit. */
#define WRITER 0x80000000u
int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *a) { (void)a; *l = 0; return 0; }
int pthread_rwlock_destroy(pthread_rwlock_t *l) { return *l ? EBUSY : 0; }
int pthread_rwlock_tryrdlock(pthread_rwlock_t *l) { if (*l & WRITER) return EBUSY; (*l)++; return 0; }
int pthread_rwlock_trywrlock(pthread_rwlock_t *l) { if (*l) return EBUSY; *l = WRITER; return 0; }
int pthread_rwlock_rdlock(pthread_rwlock_t *l) { return pthread_rwlock_tryrdlock(l) ? EDEADLK : 0; }
int pthread_rwlock_wrlock(pthread_rwlock_t *l) { return pthread_rwlock_trywrlock(l) ? EDEADLK : 0; }

int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
	if (!*l)
		return EPERM;
	if (*l & WRITER)
		*l = 0;
	else
		(*l)--;
	return 0;
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	return sigprocmask(how, set, old) ? errno : 0;
}
