/* SPDX-License-Identifier: MIT */
/*
 * test_status.c - status names and meanings come from one list and are stable.
 */
#include "texunit/texunit.h"

#include "tu_test.h"

static void test_names_and_numbers(void) {
    /* The numbers are ABI (texunit/status.h): pin each one. */
    CHECK_EQ_U(TU_OK, 0);
    CHECK_EQ_U(TU_INVALID_ARGUMENT, 1);
    CHECK_EQ_U(TU_OUT_OF_RANGE, 2);
    CHECK_EQ_U(TU_UNSUPPORTED, 3);
    CHECK_EQ_U(TU_PARSE_ERROR, 4);
    CHECK_EQ_U(TU_IO_ERROR, 5);
    CHECK_EQ_U(TU_OUT_OF_MEMORY, 6);
    CHECK_EQ_STR(tu_status_name(TU_OK), "TU_OK");
    CHECK_EQ_STR(tu_status_name(TU_OUT_OF_RANGE), "TU_OUT_OF_RANGE");
    CHECK_EQ_STR(tu_status_name((tu_status)77), "TU_UNKNOWN_STATUS");
    CHECK_EQ_STR(tu_status_message((tu_status)-1), "unknown status");
#define X(name, number, meaning) CHECK_EQ_STR(tu_status_message(TU_##name), meaning);
    TU_STATUS_LIST(X)
#undef X
}

int main(void) {
    TU_RUN(test_names_and_numbers);
    return tu_test_finish();
}
