/* SPDX-License-Identifier: MIT */
/*
 * test_harness.c - the test harness itself (tu_test.h). Run plainly, it checks the seed and
 * the generator; run as `test_harness fail`, it fails on purpose so that
 * harness/check_harness.sh can read what a failure prints.
 */
#include "texunit/status.h"
#include "tu_test.h"

static int passing_ran;

static void passing_case(void) {
    passing_ran = 1;
    uint64_t state = 0;
    /* splitmix64's first output from state 0 (Steele, Lea, Flood, "Fast splittable
     * pseudorandom number generators", OOPSLA 2014; the published reference value). */
    CHECK_EQ_U(tu_test_rand(&state), 0xe220a8397b1dcdafull);
    CHECK_EQ_U(state, 0x9e3779b97f4a7c15ull);
    if (!getenv("TEXUNIT_TEST_SEED")) CHECK_EQ_U(tu_test_seed(5), 5);
}

/* Each check fails once, so the script sees every failure format. */
static void failing_case(void) {
    const unsigned two = 2;
    const int minus = -3;
    tu_error err = {0};
    CHECK_EQ_U(two + 1, 4);
    CHECK_EQ_I(minus * 2, -5);
    CHECK_EQ_STR("texel", "texels");
    CHECK_ERR(TU_OK, TU_INVALID_ARGUMENT, &err, "width");
    CHECK(two > 5, "two is %u", two);
}

/* A random case: prints its first draw, so the script can see a seed repeat it. */
static void seeded_case(void) {
    uint64_t rng = tu_test_seed(0x5eed);
    printf("draw %llu\n", (unsigned long long)tu_test_rand(&rng));
}

int main(int argc, char **argv) {
    const int fail = argc > 1 && strcmp(argv[1], "fail") == 0;
    TU_RUN(passing_case);
    TU_RUN(seeded_case);
    if (fail) TU_RUN(failing_case);
    if (!fail && !getenv("TEXUNIT_TEST_CASE")) CHECK(passing_ran);
    return tu_test_finish();
}
