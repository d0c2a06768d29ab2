/* SPDX-License-Identifier: MIT */
/*
 * texunit/status.h - status codes and error sentences.
 *
 * Every public function that can fail returns a tu_status and, when given a
 * tu_error, fills it with one sentence that names the field and the bad value
 * ("surface width 0 must be at least 1"). The library never prints or aborts.
 *
 * The numbers are stable: they are part of the ABI and never reused.
 */
#ifndef TEXUNIT_STATUS_H
#define TEXUNIT_STATUS_H

#include <stddef.h>

#if defined(_WIN32)
#define TU_API __declspec(dllexport)
#elif defined(__GNUC__)
#define TU_API __attribute__((visibility("default")))
#else
#define TU_API
#endif

/* An object's alignment in C11 and C++11 alike (_Alignas is C only, alignas C++ only). */
#if defined(__cplusplus)
#define TU_ALIGNAS(n) alignas(n)
#else
#define TU_ALIGNAS(n) _Alignas(n)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* X(name, number, meaning). One list makes the enum, the names and the meanings. */
#define TU_STATUS_LIST(X)                                                                  \
    X(OK, 0, "success")                                                                    \
    X(INVALID_ARGUMENT, 1, "an argument or a description field is invalid")                \
    X(OUT_OF_RANGE, 2, "an index or address lies outside the surface or the memory given") \
    X(UNSUPPORTED, 3, "valid input that texunit does not support")                         \
    X(PARSE_ERROR, 4, "malformed text or binary input")                                    \
    X(IO_ERROR, 5, "a file could not be read or written")                                  \
    X(OUT_OF_MEMORY, 6, "memory allocation failed")

typedef enum tu_status {
#define TU_STATUS_ENUM_(name, number, meaning) TU_##name = number,
    TU_STATUS_LIST(TU_STATUS_ENUM_)
#undef TU_STATUS_ENUM_
} tu_status;

enum { TU_ERROR_MESSAGE_SIZE = 256 };

/* The status of the last failure and its sentence (NUL-terminated, possibly truncated). */
typedef struct tu_error {
    tu_status status;
    char message[TU_ERROR_MESSAGE_SIZE];
} tu_error;

/* "TU_INVALID_ARGUMENT" for TU_INVALID_ARGUMENT; "TU_UNKNOWN_STATUS" for a number not in the list.
 */
TU_API const char *tu_status_name(tu_status status);

/* The meaning column of TU_STATUS_LIST; "unknown status" for a number not in the list. */
TU_API const char *tu_status_message(tu_status status);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_STATUS_H */
