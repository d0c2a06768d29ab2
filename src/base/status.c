/* SPDX-License-Identifier: MIT */
/*
 * status.c - names and meanings of tu_status, and the error sentence writer.
 */
#include "base.h"

#include <stdarg.h>
#include <stdio.h>

const char *tu_status_name(tu_status status) {
    switch (status) {
#define TU_STATUS_NAME_(name, number, meaning) \
    case TU_##name: return "TU_" #name;
        TU_STATUS_LIST(TU_STATUS_NAME_)
#undef TU_STATUS_NAME_
    }
    return "TU_UNKNOWN_STATUS";
}

const char *tu_status_message(tu_status status) {
    switch (status) {
#define TU_STATUS_MESSAGE_(name, number, meaning) \
    case TU_##name: return meaning;
        TU_STATUS_LIST(TU_STATUS_MESSAGE_)
#undef TU_STATUS_MESSAGE_
    }
    return "unknown status";
}

tu_status tuB_fail(tu_error *err, tu_status status, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
        err->status = status;
    }
    return status;
}
