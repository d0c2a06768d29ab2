/* SPDX-License-Identifier: MIT */
/*
 * fuzz_engine.c - libFuzzer target for the sampling engine (src/sampler/, src/surface/):
 * tu_execute on a random surface, sampler and messages, and the equivalence of every fast
 * path with the generic path.
 *
 * From the input: a surface description (any type, format, sizes, levels, layers, samples,
 * a linear or block-linear layout, a view, sometimes an offset, a residency map, an MCS
 * surface, or memory too small), over a malloc'ed buffer of exactly its reported size; a
 * sampler with every field drawn; then messages with any op, lanes, masks, offsets and flags,
 * and sources holding NaN, infinities, huge, negative and edge values. Half the inputs are
 * biased to what the fast paths take (2D RGBA8, explicit-LOD samples and loads).
 *
 * Each message runs through tuE_execute without the fast paths (the generic path, the
 * reference) and with them, through tu_execute (whose per-thread binding cache keeps the
 * bindings of earlier inputs, at addresses malloc reuses), then on a binding of every kernel build
 * the machine has (tu_bind_isa for each tu_isa that tu_isa_available reports: scalar, AVX2,
 * AVX-512) through tuE_execute_bound with the fast paths allowed and without. Every run must give
 * the reference's status and message and the very same reply bytes (replies start from the same
 * pattern, so a lane or channel written by one path only shows). A refusal must say why.
 * Whatever fast kernels src/sampler has (the table in fast.c), in every build, this covers.
 *
 * Each message also runs traced (tu_execute_traced, which reads every texel through the
 * address gate), with the reference's status, message and reply; every texel it reads must be
 * marked resident exactly when each page its bytes touch is, by the map read here on its own
 * (docs/semantics.md, "Residency"): a texel straddling into a null page is on it.
 */
#include "fuzz_gen.h"

#include "sampler/engine.h"

enum { MAX_MESSAGES = 4, MAX_BYTES = 16u << 20 };

/* The kernel builds a binding can choose (TU_ISA_BEST is one of these). */
static const tu_isa isas[] = {TU_ISA_SCALAR, TU_ISA_AVX2, TU_ISA_AVX512};
enum { ISA_COUNT = sizeof isas / sizeof isas[0] };

/* One run against the generic path's status, message and reply. */
static void check(const char *what, const char *row, tu_status st, const tu_error *e,
                  const tu_reply *r, tu_status ref_st, const tu_error *ref_e, const tu_reply *ref) {
    if (st != ref_st || strcmp(e->message, ref_e->message) != 0) {
        fprintf(stderr, "%s, fast path %s: %s (%s); generic: %s (%s)\n", what, row ? row : "none",
                tu_status_name(st), e->message, tu_status_name(ref_st), ref_e->message);
        abort();
    }
    if (st == TU_OK && memcmp(r, ref, sizeof *r) != 0) {
        const uint8_t *a = (const uint8_t *)r, *b = (const uint8_t *)ref;
        size_t at = 0;
        while (a[at] == b[at])
            at++;
        fprintf(stderr, "%s, fast path %s differs from the generic path at reply byte %zu\n", what,
                row ? row : "none", at);
        abort();
    }
}

/* The residency rule, from the map alone: every page of [offset, offset + size) is backed. */
static bool span_resident(const tu_residency *res, uint64_t offset, uint32_t size) {
    if (!res) return true;
    for (uint64_t p = offset >> res->page_size_log2;
         size && p <= (offset + size - 1) >> res->page_size_log2; p++)
        if (p / 8 >= res->bits_size || !(res->bits[p / 8] >> (p % 8) & 1)) return false;
    return true;
}

static void check_record(void *user, const tu_trace_record *r) {
    const tu_surface *s = user;
    if (r->kind != TU_TRACE_TEXEL) return;
    if (r->resident != span_resident(s->residency, r->offset, r->size)) {
        fprintf(stderr, "texel (%u, %u, %u) at byte %llu, %u bytes: traced resident %d, map %d\n",
                r->x, r->y, r->z, (unsigned long long)r->offset, r->size, r->resident,
                !r->resident);
        abort();
    }
}

/* bound[i]: a binding with the kernels of isas[i], or NULL when that build is not available
 * or the surface and sampler do not bind (then the generic path must refuse too). */
static void run_all(const tu_msg *m, const tu_surface *s, const tu_sampler *smp,
                    tu_binding *const bound[ISA_COUNT], bool bind_failed) {
    tu_reply *ref = malloc(sizeof *ref), *r = malloc(sizeof *r);
    if (!ref || !r) abort();
    memset(ref, 0xa5, sizeof *ref);
    tu_error eg = {0};
    const tu_status sg = tuE_execute(m, s, smp, ref, &eg, false, NULL);
    if (sg != TU_OK && (sg == TU_PARSE_ERROR || sg == TU_IO_ERROR || !eg.message[0])) {
        fprintf(stderr, "refused with %s: '%s'\n", tu_status_name(sg), eg.message);
        abort();
    }
    if (bind_failed && sg == TU_OK) {
        fprintf(stderr, "tu_bind_isa refused what tu_execute ran\n");
        abort();
    }
    const char *row = NULL;
    tu_error e = {0};
    memset(r, 0xa5, sizeof *r);
    const tu_status sf = tuE_execute(m, s, smp, r, &e, true, &row);
    check("tuE_execute", row, sf, &e, r, sg, &eg, ref);
    const tu_trace_sink sink = {check_record, NULL, (void *)s, 0, 0};
    memset(r, 0xa5, sizeof *r);
    memset(&e, 0, sizeof e);
    check("tu_execute_traced", NULL, tu_execute_traced(m, s, smp, &sink, r, &e), &e, r, sg, &eg,
          ref);
    /* tu_execute through its per-thread cache, which holds the bindings of earlier inputs:
     * descriptions at the addresses malloc hands out again, with other content. */
    memset(r, 0xa5, sizeof *r);
    memset(&e, 0, sizeof e);
    check("tu_execute (its binding cache)", NULL, tu_execute(m, s, smp, r, &e), &e, r, sg, &eg,
          ref);
    for (int i = 0; i < ISA_COUNT; i++) {
        if (!bound[i]) continue;
        for (int allow_fast = 0; allow_fast < 2; allow_fast++) {
            char what[64];
            snprintf(what, sizeof what, "tuE_execute_bound, %s kernels, fast paths %s",
                     tu_isa_name(isas[i]), allow_fast ? "allowed" : "off");
            memset(r, 0xa5, sizeof *r);
            memset(&e, 0, sizeof e);
            row = NULL;
            const tu_status st = tuE_execute_bound(bound[i], m, r, &e, allow_fast, &row);
            check(what, row, st, &e, r, sg, &eg, ref);
        }
    }
    free(r);
    free(ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    const bool fast = fz_bool(&in);
    tu_surface s;
    fz_surface_shape(&in, &s, fast);
    uint64_t need = 0;
    tu_error err = {0};
    tu_status st;
    if (!fast && fz_below(&in, 4) == 0) {
        s.gob_height_log2 = (uint8_t)fz_below(&in, 6);
        s.gob_depth_log2 = (uint8_t)fz_below(&in, 6);
        st = tu_surface_layout_block_linear(&s, &need, &err);
    } else {
        st = tu_surface_layout_packed(&s, &need, &err);
    }
    if (st != TU_OK) return 0;
    if (fz_below(&in, 4) == 0) { /* the chain at an offset into the memory */
        const uint64_t shift = fz_below(&in, 256);
        for (uint32_t l = 0; l < s.levels; l++)
            s.level[l].offset += shift;
        need += shift;
    }
    uint64_t bytes = need + fz_below(&in, 64);
    if (fz_below(&in, 16) == 0) bytes = fz_below(&in, (uint32_t)need); /* too small */
    if (bytes > MAX_BYTES) return 0;
    uint8_t *mem = malloc(bytes ? bytes : 1);
    if (!mem) return 0;
    s.data = mem;
    s.size = (size_t)bytes;
    fz_surface_view(&in, &s);

    uint8_t *bits = NULL;
    tu_residency res;
    if (!fast && fz_below(&in, 4) == 0) { /* null pages */
        res.page_size_log2 = 6 + fz_below(&in, 7);
        const size_t pages = (s.size >> res.page_size_log2) + 1;
        res.bits_size = (pages + 7) / 8 - (fz_below(&in, 16) == 0); /* sometimes short */
        bits = malloc(res.bits_size + 1);
        if (!bits) abort();
        for (size_t i = 0; i < res.bits_size; i++)
            bits[i] = fz_bool(&in) ? 0xff : fz_u8(&in);
        res.bits = bits;
        s.residency = &res;
    }
    /* a compressed multisample surface: an MCS surface of random elements (all ones: clear) */
    tu_surface mcs;
    uint8_t *mcs_mem = NULL;
    if (s.samples > 1 && fz_bool(&in)) {
        memset(&mcs, 0, sizeof mcs);
        mcs.type = TU_SURFACE_2D;
        mcs.arrayed = s.arrayed;
        mcs.format = s.samples <= 4   ? TU_FORMAT_R8_UINT
                     : s.samples == 8 ? TU_FORMAT_R32_UINT
                                      : TU_FORMAT_R32G32_UINT;
        mcs.width = s.width, mcs.height = s.height, mcs.depth = 1;
        mcs.layers = s.layers, mcs.levels = mcs.level_count = mcs.samples = 1;
        uint64_t mcs_need;
        if (tu_surface_layout_packed(&mcs, &mcs_need, &err) == TU_OK &&
            (mcs_mem = malloc(mcs_need)) != NULL) {
            for (uint64_t i = 0; i < mcs_need; i++)
                mcs_mem[i] = fz_bool(&in) ? 0xff : fz_u8(&in);
            mcs.data = mcs_mem, mcs.size = (size_t)mcs_need;
            s.mcs = &mcs;
            for (int c = 0; c < 4; c++)
                s.clear_color.u[c] = fz_u32(&in);
        }
    }
    tu_sampler smp = fz_sampler(&in, fast);

    /* texels: the generator's, or bytes of the input (NaN and denormal floats, any codes) */
    const bool valid = tu_surface_validate(&s, &err) == TU_OK;
    if (valid && !fz_bool(&in)) {
        fz_fill(&s, fz_u32(&in), FZ_ENCODED_BYTES);
    } else {
        const uint8_t seed = fz_u8(&in);
        for (size_t i = 0; i < s.size; i++)
            mem[i] = in.n ? in.p[i % in.n] : (uint8_t)(seed + i * 31);
    }
    /* a binding of every kernel build the machine has */
    tu_binding *bound[ISA_COUNT] = {NULL};
    bool bind_failed = false;
    for (int i = 0; i < ISA_COUNT && !bind_failed; i++) {
        if (!tu_isa_available(isas[i])) continue;
        if (!(bound[i] = malloc(sizeof *bound[i]))) abort();
        tu_error eb = {0};
        if (tu_bind_isa(&s, &smp, isas[i], bound[i], &eb) != TU_OK) {
            if (!eb.message[0]) abort();
            free(bound[i]);
            bound[i] = NULL;
            bind_failed = true;
        }
    }
    tu_msg *m = malloc(sizeof *m);
    if (!m) abort();
    const uint32_t count = 1 + fz_below(&in, MAX_MESSAGES);
    for (uint32_t i = 0; i < count; i++) {
        fz_message(&in, m, fast);
        run_all(m, &s, &smp, bound, bind_failed);
    }
    free(m);
    for (int i = 0; i < ISA_COUNT; i++)
        free(bound[i]);
    free(mcs_mem);
    free(bits);
    free(mem);
    return 0;
}
