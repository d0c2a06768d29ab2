/* SPDX-License-Identifier: MIT */
/*
 * texunit/texunit.h - the whole public API of texunit, a software GPU texture unit.
 */
#ifndef TEXUNIT_TEXUNIT_H
#define TEXUNIT_TEXUNIT_H

#include "texunit/version.h"
#include "texunit/status.h"
#include "texunit/text.h"
#include "texunit/format.h"
#include "texunit/surface.h"
#include "texunit/cache.h"
#include "texunit/trace.h"
#include "texunit/sampler.h"
#include "texunit/dataport.h"
#include "texunit/io.h"
#include "texunit/lower.h"
#include "texunit/visa.h"
#include "texunit/nv.h"

/* The names of texunit.h before version.h (kept: programs may test them). */
#define TEXUNIT_VERSION_MAJOR TU_VERSION_MAJOR
#define TEXUNIT_VERSION_MINOR TU_VERSION_MINOR
#define TEXUNIT_VERSION_PATCH TU_VERSION_PATCH

#endif /* TEXUNIT_TEXUNIT_H */
