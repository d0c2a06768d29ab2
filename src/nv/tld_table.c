/* SPDX-License-Identifier: MIT */
/*
 * tld_table.c - THE table of the TLD instruction: its fields with their bits in the Maxwell
 * 64-bit word (envytools envydis/gm107.c: envydis gm107.c, Ryujinx InstTld/InstTldB, Mesa
 * emitTLD), its modifiers in the order of the page's format line (NVIDIA TLD page,
 * "TLD{.B}.lod{.AOFFI}{.MS}{.CL}{.NODEP}{.phase}") and its #paramA specifiers in the page's
 * order. The parser, printer, encoder, decoder, validator and executor all read these.
 */
#include "nv_internal.h"

const tuN_field_info tuN_tld_fields[TUN_F_COUNT] = {
#define TUN_FIELD_ROW_(id, name, lo, width, max) [TUN_F_##id] = {name, lo, width, max},
    TUN_TLD_FIELDS(TUN_FIELD_ROW_)
#undef TUN_FIELD_ROW_
};

const tuN_modifier tuN_modifiers[] = {
    {".B", TUN_F_BINDLESS, 1, false},
    {".LZ", TUN_F_LOD, TU_NV_LOD_LZ, true}, /* LOD level 0 */
    {".LL", TUN_F_LOD, TU_NV_LOD_LL, true}, /* LOD absolute, from Rb */
    {".AOFFI", TUN_F_AOFFI, 1, false},
    {".MS", TUN_F_MS, 1, false},
    {".CL", TUN_F_CL, 1, false},
    {".NODEP", TUN_F_NODEP, 1, false},
    {".T", TUN_F_PHASE, TU_NV_PHASE_T, false},
    {".P", TUN_F_PHASE, TU_NV_PHASE_P, false},
};
const size_t tuN_modifier_count = sizeof tuN_modifiers / sizeof tuN_modifiers[0];

/* The page: "1D s / 2D s,t / 3D s,t,r / RESERVED (CUBE) / ARRAY_1D a,s / ARRAY_2D a,s,t /
 * RESERVED (ARRAY_3D) / RESERVED (ARRAY_CUBE)"; bits 30:29 dim and 28 array (envytools
 * envydis/gm107.c, Mesa nv50_ir_emit_gm107.cpp emitTLD). nvdisasm prints the reserved ones by
 * name; their coordinates count as TEX's do (the TEX page: CUBE s,t,r; ARRAY_3D and
 * ARRAY_CUBE a,s,t,r). */
const tuN_param_a tuN_params_a[8] = {
    [TU_NV_PARAM_1D] = {"1D", 0, false, 1, false},
    [TU_NV_PARAM_2D] = {"2D", 1, false, 2, false},
    [TU_NV_PARAM_3D] = {"3D", 2, false, 3, false},
    [TU_NV_PARAM_CUBE] = {"CUBE", 3, false, 3, true},
    [TU_NV_PARAM_ARRAY_1D] = {"ARRAY_1D", 0, true, 1, false},
    [TU_NV_PARAM_ARRAY_2D] = {"ARRAY_2D", 1, true, 2, false},
    [TU_NV_PARAM_ARRAY_3D] = {"ARRAY_3D", 2, true, 3, true},
    [TU_NV_PARAM_ARRAY_CUBE] = {"ARRAY_CUBE", 3, true, 3, true},
};

uint32_t tuN_tld_get(const tu_nv_tld *i, tuN_tld_field f) {
    switch (f) {
    case TUN_F_GUARD: return i->guard;
    case TUN_F_GUARD_NOT: return i->guard_not;
    case TUN_F_BINDLESS: return i->bindless;
    case TUN_F_LOD: return i->lod;
    case TUN_F_AOFFI: return i->aoffi;
    case TUN_F_MS: return i->ms;
    case TUN_F_CL: return i->cl;
    case TUN_F_NODEP: return i->nodep;
    case TUN_F_PHASE: return i->phase;
    case TUN_F_PS: return i->ps;
    case TUN_F_RD: return i->rd;
    case TUN_F_RA: return i->ra;
    case TUN_F_RB: return i->rb;
    case TUN_F_TS_INDEX: return i->ts_index;
    case TUN_F_PARAM_A: return i->param_a;
    case TUN_F_WMASK: return i->wmask;
    default: return 0;
    }
}

void tuN_tld_set(tu_nv_tld *i, tuN_tld_field f, uint32_t v) {
    switch (f) {
    case TUN_F_GUARD: i->guard = (uint8_t)v; break;
    case TUN_F_GUARD_NOT: i->guard_not = v != 0; break;
    case TUN_F_BINDLESS: i->bindless = v != 0; break;
    case TUN_F_LOD: i->lod = (uint8_t)v; break;
    case TUN_F_AOFFI: i->aoffi = v != 0; break;
    case TUN_F_MS: i->ms = v != 0; break;
    case TUN_F_CL: i->cl = v != 0; break;
    case TUN_F_NODEP: i->nodep = v != 0; break;
    case TUN_F_PHASE: i->phase = (uint8_t)v; break;
    case TUN_F_PS: i->ps = (uint8_t)v; break;
    case TUN_F_RD: i->rd = (uint8_t)v; break;
    case TUN_F_RA: i->ra = (uint8_t)v; break;
    case TUN_F_RB: i->rb = (uint8_t)v; break;
    case TUN_F_TS_INDEX: i->ts_index = (uint16_t)v; break;
    case TUN_F_PARAM_A: i->param_a = (uint8_t)v; break;
    case TUN_F_WMASK: i->wmask = (uint8_t)v; break;
    default: break;
    }
}

unsigned tuN_vector_alignment(unsigned n) {
    /* The page's rule 2: 1 for one scalar, 2 for two, 4 for three or four. */
    return n <= 1 ? 1 : n == 2 ? 2 : 4;
}

unsigned tuN_popcount4(unsigned m) {
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}
