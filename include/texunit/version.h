/* SPDX-License-Identifier: MIT */
/*
 * texunit/version.h - the version of texunit's API and library.
 *
 * The macros are the version of the headers a program was compiled against; tu_version()
 * and tu_version_string() are the version of the library it runs with. A program that needs
 * the two to agree compares them at start-up:
 *
 *     if (tu_version() / 100 != TU_VERSION_NUMBER / 100) ... // another major.minor
 *
 * The versioning rule (docs/api.md): MAJOR changes when a stable declaration changes or goes
 * away, MINOR when stable declarations are added, PATCH for fixes that change no declaration.
 * While MAJOR is 0, MINOR takes MAJOR's part: 0.2 may change what 0.1 declared.
 */
#ifndef TEXUNIT_VERSION_H
#define TEXUNIT_VERSION_H

#include "texunit/status.h" /* TU_API */

#ifdef __cplusplus
extern "C" {
#endif

#define TU_VERSION_MAJOR 0
#define TU_VERSION_MINOR 1
#define TU_VERSION_PATCH 0

/* MAJOR * 10000 + MINOR * 100 + PATCH: 0.1.0 is 100, 1.2.3 is 10203. */
#define TU_VERSION_NUMBER (TU_VERSION_MAJOR * 10000 + TU_VERSION_MINOR * 100 + TU_VERSION_PATCH)

#define TU_VERSION_STR_(x) #x
#define TU_VERSION_STR(x)  TU_VERSION_STR_(x)
/* "0.1.0" */
#define TU_VERSION_STRING            \
    TU_VERSION_STR(TU_VERSION_MAJOR) \
    "." TU_VERSION_STR(TU_VERSION_MINOR) "." TU_VERSION_STR(TU_VERSION_PATCH)

/* TU_VERSION_NUMBER of the library this program runs with. */
TU_API unsigned tu_version(void);

/* TU_VERSION_STRING of the library this program runs with (static storage). */
TU_API const char *tu_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_VERSION_H */
