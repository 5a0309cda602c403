/*
 * fork_test.c -- a child forked while other threads work on the registry
 * can still use the runtime (the registry's locks are held across fork).
 */
#include "check.h"

#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static atomic_int stop;

static void *churn(void *arg) {
    (void)arg;
    while (!atomic_load(&stop)) {
        test_tensor *t = NEW_TENSOR(1);
        release_tensor(t);
    }
    return NULL;
}

int main(void) {
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, churn, NULL);
    for (int round = 0; round < 6; round++) {
        pid_t pid = fork();
        if (pid == 0) {
            /* The child: the registry must be usable, not deadlocked. */
            for (int i = 0; i < 100; i++) {
                test_tensor *t = NEW_TENSOR(i);
                if (release_tensor(t) != 1)
                    _exit(2);
            }
            _exit(0);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    atomic_store(&stop, 1);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    CHECK_EQ(tscope_live_count(), 0);
    CHECK_DONE();
}
