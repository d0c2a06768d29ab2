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
 * Each message runs twice through tuE_execute: with the fast paths allowed and without.
 * Both must give the same status and the very same reply bytes (replies start from the same
 * pattern, so a lane or channel written by one path only shows). A refusal must say why.
 * Whatever fast kernels src/sampler has (the table in fast.c), this covers them.
 */
#include "fuzz_gen.h"

#include "sampler/engine.h"

enum { MAX_MESSAGES = 4, MAX_BYTES = 16u << 20 };

static void run_both(const tu_msg *m, const tu_surface *s, const tu_sampler *smp) {
    tu_reply *fast = malloc(sizeof *fast), *generic = malloc(sizeof *generic);
    if (!fast || !generic) abort();
    memset(fast, 0xa5, sizeof *fast);
    memset(generic, 0xa5, sizeof *generic);
    tu_error ef = {0}, eg = {0};
    const char *row = NULL;
    const tu_status sf = tuE_execute(m, s, smp, fast, &ef, true, &row);
    const tu_status sg = tuE_execute(m, s, smp, generic, &eg, false, NULL);
    if (sf != sg || strcmp(ef.message, eg.message) != 0) {
        fprintf(stderr, "fast path %s: %s (%s); generic: %s (%s)\n", row ? row : "none",
                tu_status_name(sf), ef.message, tu_status_name(sg), eg.message);
        abort();
    }
    if (sf != TU_OK && (sf == TU_PARSE_ERROR || sf == TU_IO_ERROR || !ef.message[0])) {
        fprintf(stderr, "refused with %s: '%s'\n", tu_status_name(sf), ef.message);
        abort();
    }
    if (sf == TU_OK && memcmp(fast, generic, sizeof *fast) != 0) {
        const uint8_t *a = (const uint8_t *)fast, *b = (const uint8_t *)generic;
        size_t at = 0;
        while (a[at] == b[at])
            at++;
        fprintf(stderr, "fast path %s differs from the generic path at reply byte %zu\n",
                row ? row : "none", at);
        abort();
    }
    free(generic);
    free(fast);
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
        if (tu_surface_fill_hash(&s, fz_u32(&in), &err) != TU_OK) abort();
    } else {
        const uint8_t seed = fz_u8(&in);
        for (size_t i = 0; i < s.size; i++)
            mem[i] = in.n ? in.p[i % in.n] : (uint8_t)(seed + i * 31);
    }
    tu_msg *m = malloc(sizeof *m);
    if (!m) abort();
    const uint32_t count = 1 + fz_below(&in, MAX_MESSAGES);
    for (uint32_t i = 0; i < count; i++) {
        fz_message(&in, m, fast);
        run_both(m, &s, &smp);
    }
    free(m);
    free(mcs_mem);
    free(bits);
    free(mem);
    return 0;
}
