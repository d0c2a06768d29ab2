/* SPDX-License-Identifier: MIT */
/*
 * dataport_internal.h - what the data port's files share.
 */
#ifndef TEXUNIT_DATAPORT_INTERNAL_H
#define TEXUNIT_DATAPORT_INTERNAL_H

#include "texunit/dataport.h"

#include "../base/base.h"

/* The RESULT column of TU_ATOMIC_LIST as the returns_new flag. */
enum { TUD_RESULT_OLD = 0, TUD_RESULT_NEW = 1 };

#endif /* TEXUNIT_DATAPORT_INTERNAL_H */
