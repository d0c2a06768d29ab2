/*
 * texunit/texunit.h - the whole public API of texunit, a software GPU texture unit.
 */
#ifndef TEXUNIT_TEXUNIT_H
#define TEXUNIT_TEXUNIT_H

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

#define TEXUNIT_VERSION_MAJOR 0
#define TEXUNIT_VERSION_MINOR 1
#define TEXUNIT_VERSION_PATCH 0

#endif /* TEXUNIT_TEXUNIT_H */
