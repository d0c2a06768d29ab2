/* SPDX-License-Identifier: MIT */
/*
 * lower_cmd.c - `texunit lower FILE.visaasm --target NAME` (docs/lowering.md).
 *
 * Each sampler instruction of the kernel becomes its logical message without per-lane
 * values (TU_LMSG_STATIC: lengths and fields follow from the types and widths; a parameter
 * counts as present unless it is %null), which pass 1 splits and pass 2 lowers. Printed per
 * message: the vISA instruction that would issue it (execution-mask group Mn; parameters as
 * slices of the original variables, destinations as per-part temporaries zipped back), the
 * descriptor and extended descriptor fields, the header DWords, the payload's GRFs with the
 * parameter and lanes each holds, and the response's GRFs. Surface and sampler values come
 * from the kernel's `movs` of immediates; MEDIA_LD is not a sampler message.
 */
#include "lower_cmd.h"

#include "file.h"
#include "query.h"
#include "run_visa.h"

#include "texunit/lower.h"
#include "texunit/texunit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { SURFACE_BSS = 4, SAMPLER_BINDLESS = 31, MAX_TEMPS = 32 };

typedef struct lower_run {
    const tu_visa_kernel *k;
    tu_visa_kernel shadow; /* k with this instruction's temporaries appended */
    uint32_t next_id;
    uint64_t *value; /* per variable: the immediate a movs wrote, or UINT64_MAX */
    const tu_target *t;
    FILE *out, *err;
    const char *path;
} lower_run;

static int var_index(const tu_visa_kernel *k, uint8_t kind, uint32_t id) {
    for (uint32_t i = 0; i < k->var_count; i++)
        if (k->vars[i].kind == kind && k->vars[i].id == id) return (int)i;
    return -1;
}

static const tu_visa_var *gvar(const tu_visa_kernel *k, uint32_t id) {
    const int i = var_index(k, TU_VISA_VAR_G, id);
    return i >= 0 ? &k->vars[i] : NULL;
}

/* A temporary general variable named "<base>_p<g>" (a destination) or "<base>_p<g>_<i>"
 * (parameter i, widened); its id, or 0 when there is no room. */
static uint32_t add_temp(lower_run *r, const tu_visa_var *base, unsigned g, int param) {
    if (r->shadow.var_count >= r->k->var_count + MAX_TEMPS || !base) return 0;
    tu_visa_var *v = &r->shadow.vars[r->shadow.var_count++];
    *v = *base;
    v->alias = false;
    v->input_offset = -1;
    v->id = r->next_id++;
    char suffix[16];
    const int n = param < 0 ? snprintf(suffix, sizeof suffix, "_p%u", g)
                            : snprintf(suffix, sizeof suffix, "_p%u_%d", g, param);
    size_t keep = strlen(base->name);
    if (keep + (size_t)n >= sizeof v->name) keep = sizeof v->name - 1 - (size_t)n;
    memcpy(v->name, base->name, keep);
    memcpy(v->name + keep, suffix, (size_t)n + 1);
    return v->id;
}

static uint64_t state_value(const lower_run *r, uint8_t kind, uint32_t id) {
    const int i = var_index(r->k, kind, id);
    return i >= 0 ? r->value[i] : UINT64_MAX;
}

static void print_inst(const lower_run *r, const tu_visa_inst *in, const char *indent) {
    char buf[512];
    tu_visa_print_inst(&r->shadow, in, buf, sizeof buf);
    fprintf(r->out, "%s%s\n", indent, buf);
}

static void lanes_text(char *buf, size_t n, uint32_t first, uint32_t count) {
    if (count == 1)
        snprintf(buf, n, "lane %u", first);
    else
        snprintf(buf, n, "lanes %u-%u", first, first + count - 1);
}

/* The logical message of a sampler instruction, without values. */
static void build(lower_run *r, const tu_visa_inst *in, const tu_lower_type_info *ti, tu_lmsg *lm) {
    memset(lm, 0, sizeof *lm);
    tu_msg *m = &lm->msg;
    m->op = ti->op;
    m->simd = in->exec_size;
    m->lane_mask = 0xffffffffu;
    const bool gather = in->opcode == 0x6F;
    m->channel_mask = gather ? 0xf : in->channels;
    m->gather_channel = gather ? in->channels : 0;
    if (in->opcode != 0x70) {
        const uint32_t a = (uint32_t)in->aoffimmi.imm;
        for (int i = 0; i < 3; i++)
            m->offset[i] = (int32_t)(((a >> (8 - 4 * i)) & 0xf) ^ 8) - 8;
    }
    m->flags = (in->pixel_null_mask ? TU_MSG_PIXEL_NULL_MASK : 0) | (in->cps ? TU_MSG_CPS : 0);
    m->cps_x = m->cps_y = 1;
    lm->flags = TU_LMSG_STATIC;
    for (unsigned i = 0; i < in->num_params; i++) {
        if (!in->params[i].id) continue;
        lm->params_given |= 1u << i;
        /* gather4_po's offsets are D whatever the payload: the other parameters decide */
        if (!strcmp(ti->param_names[i], "offu") || !strcmp(ti->param_names[i], "offv")) continue;
        const tu_visa_var *v = gvar(r->k, in->params[i].id);
        if (v && tu_visa_type_size((tu_visa_type)v->type) == 2) {
            lm->flags |= TU_LMSG_PARAMS_16BIT;
            if (ti->float_params) m->flags |= TU_MSG_HALF_SOURCES;
        }
    }
    if (!in->dst.id) {
        lm->flags |= TU_LMSG_NO_RESPONSE;
    } else {
        const tu_visa_var *d = gvar(r->k, in->dst.id);
        if (d && tu_visa_type_size((tu_visa_type)d->type) == 2) lm->flags |= TU_LMSG_RETURN_16BIT;
    }
    const uint64_t surface = state_value(r, TU_VISA_VAR_T, in->surface);
    if (in->surface == SURFACE_BSS) lm->flags |= TU_LMSG_BINDLESS_SURFACE;
    lm->surface = surface == UINT64_MAX ? 0 : (uint32_t)surface;
    if (surface == UINT64_MAX)
        fprintf(r->out, "  (T%u is not set by a movs of an immediate: taken as 0)\n", in->surface);
    if (in->opcode == 0x6D || in->opcode == 0x6F) {
        const uint64_t s = state_value(r, TU_VISA_VAR_S, in->sampler);
        if (in->sampler == SAMPLER_BINDLESS) lm->flags |= TU_LMSG_BINDLESS_SAMPLER;
        lm->sampler = s == UINT64_MAX ? 0 : (uint32_t)s;
        if (s == UINT64_MAX)
            fprintf(r->out, "  (S%u is not set by a movs of an immediate: taken as 0)\n",
                    in->sampler);
    }
}

static void print_payload(const lower_run *r, const tu_visa_inst *in, const tu_lpart *part,
                          const tu_payload *p) {
    const tu_target *t = r->t;
    const tu_send_fields f = tu_lower_fields(p->desc, p->ex_desc, t);
    fprintf(r->out,
            "    desc    0x%08x  bti %u, sampler %u, type %u, simd mode %u (SIMD%u%s), header %u, "
            "rlen %u, mlen %u, return %s, bit 31 %u\n",
            p->desc, f.bti, f.sampler, f.msg_type, f.simd_mode, p->width,
            f.simd_mode >= 5 ? ", 16-bit payload" : "", f.header, f.rlen, f.mlen,
            f.return16 ? "16-bit" : "32-bit", f.bit31);
    fprintf(r->out, "    ex_desc 0x%08x  sfid %u (sampler), cps %u", p->ex_desc, f.sfid, f.cps);
    if (f.surface_handle) fprintf(r->out, ", bindless surface 0x%08x", f.surface_handle);
    fprintf(r->out, "\n");
    tu_lower_type_info ti = {0};
    tu_lower_describe_type(f.msg_type, f.simd_mode >= 5, t, &ti);
    uint32_t reg = 0;
    if (p->header) {
        const uint32_t dw2 = (uint32_t)p->grf[8] | (uint32_t)p->grf[9] << 8 |
                             (uint32_t)p->grf[10] << 16 | (uint32_t)p->grf[11] << 24;
        const uint32_t dw3 = (uint32_t)p->grf[12] | (uint32_t)p->grf[13] << 8 |
                             (uint32_t)p->grf[14] << 16 | (uint32_t)p->grf[15] << 24;
        fprintf(r->out,
                "    m0      header  DW2 0x%08x (offsets u %d v %d r %d, channel disable 0x%x, "
                "gather channel %u, pixel null mask %u)  DW3 0x%08x\n",
                dw2, part->msg.msg.offset[0], part->msg.msg.offset[1], part->msg.msg.offset[2],
                dw2 >> 12 & 0xf, dw2 >> 16 & 3, dw2 >> 23 & 1, dw3);
        reg = 1;
    }
    const uint32_t per_grf = t->grf_bytes / p->param_bytes;
    for (uint32_t i = 0; i < p->param_count; i++) {
        const bool given = i < in->num_params && in->params[i].id;
        const tu_visa_var *v = given ? gvar(r->k, in->params[i].id) : NULL;
        for (uint32_t j = 0; j < p->param_regs; j++, reg++) {
            const uint32_t lo = j * per_grf, hi = lo + per_grf < p->width ? lo + per_grf : p->width;
            char lanes[40], from[96] = "";
            if (lo >= part->lanes) {
                snprintf(lanes, sizeof lanes, "padding");
            } else {
                const uint32_t real = (hi < part->lanes ? hi : part->lanes) - lo;
                lanes_text(lanes, sizeof lanes, part->first_lane + lo, real);
                if (v)
                    snprintf(from, sizeof from, "  <- %s.%u", v->name,
                             in->params[i].offset + (part->first_lane + lo) *
                                                        tu_visa_type_size((tu_visa_type)v->type));
                else
                    snprintf(from, sizeof from, "  zero (%s)",
                             i < in->num_params ? "%null" : "not given");
            }
            const bool offset =
                !strcmp(p->param_names[i], "offu") || !strcmp(p->param_names[i], "offv");
            const char *type = offset            ? (p->param_bytes == 2 ? "w" : "d")
                               : ti.float_params ? (p->param_bytes == 2 ? "hf" : "f")
                                                 : (p->param_bytes == 2 ? "uw" : "ud");
            fprintf(r->out, "    m%-6u %-10s %-2s %-12s%s%s\n", reg, p->param_names[i], type, lanes,
                    p->param_bytes * p->width < t->grf_bytes ? " (rest of the GRF padding)" : "",
                    from);
        }
    }
    if (p->rlen) {
        const uint32_t elem = f.return16 ? 2 : 4;
        const uint32_t regs = (p->width * elem + t->grf_bytes - 1) / t->grf_bytes;
        fprintf(r->out, "    response");
        uint32_t at = 0;
        for (int c = 0; c < 4; c++) {
            if (!(part->msg.msg.channel_mask >> c & 1)) continue;
            if (regs == 1)
                fprintf(r->out, " %c r%u", "RGBA"[c], at);
            else
                fprintf(r->out, " %c r%u-r%u", "RGBA"[c], at, at + regs - 1);
            fprintf(r->out, ",");
            at += regs;
        }
        if (part->msg.msg.flags & TU_MSG_PIXEL_NULL_MASK)
            fprintf(r->out, " pixel null mask r%u,", at);
        fprintf(r->out, " of %u lanes\n", part->lanes);
    }
}

/* A legacy data-port instruction: its logical surface message, the split and each physical
 * message (docs/lowering.md, "The data port"). */
static int lower_dataport(lower_run *r, const tu_visa_line *l) {
    const tu_visa_inst *in = &l->inst;
    const tu_target *t = r->t;
    const int sv = var_index(r->k, TU_VISA_VAR_T, in->surface);
    const uint64_t bti = sv >= 0 ? r->value[sv] : UINT64_MAX;
    tu_dp_lmsg *m = calloc(1, sizeof *m);
    tu_dp_plan *plan = calloc(1, sizeof *plan);
    tu_dp_payload *p = calloc(1, sizeof *p);
    tu_error err = {0};
    tu_status st = m && plan && p ? TU_OK : TU_OUT_OF_MEMORY;
    if (st == TU_OK) st = tu_visa_dataport_message(in, bti > 239 ? 240 : (uint32_t)bti, m, &err);
    if (st == TU_OK) st = tu_dp_lower_split(m, t, plan, &err);
    if (st == TU_OK)
        fprintf(r->out, "  %s: %s SIMD%u -> %u message%s of SIMD%u\n", t->name,
                tu_dp_op_describe(m->msg.op)->name, in->exec_size, plan->count,
                plan->count > 1 ? "s" : "", plan->width);
    for (uint32_t g = 0; st == TU_OK && g < plan->count; g++) {
        st = tu_dp_lower_payload(&plan->part[g], t, p, &err);
        if (st != TU_OK) break;
        char lanes[40];
        lanes_text(lanes, sizeof lanes, plan->part[g].first_lane, plan->part[g].lanes);
        fprintf(r->out, "  [%u/%u] %s\n", g + 1, plan->count, lanes);
        fprintf(r->out,
                "    %s  desc 0x%08x ex_desc 0x%08x  sfid %u, mlen %u, ex_mlen %u, rlen %u%s\n",
                p->ex_mlen ? "sends" : "send ", p->desc, p->ex_desc, p->ex_desc & 0xf, p->mlen,
                p->ex_mlen, p->rlen, p->header ? ", header (DW7 pixel mask)" : "");
    }
    if (st != TU_OK) {
        fprintf(r->out, "  refused: %s\n\n", err.message);
        fprintf(r->err, "texunit: %s:%u: %s\n", r->path, l->line, err.message);
    } else {
        fprintf(r->out, "\n");
    }
    free(p);
    free(plan);
    free(m);
    return st != TU_OK;
}

static int lower_inst(lower_run *r, const tu_visa_line *l) {
    const tu_visa_inst *in = &l->inst;
    const tu_target *t = r->t;
    fprintf(r->out, "line %u: ", l->line);
    print_inst(r, in, "");
    if (in->opcode == 0x37) {
        fprintf(r->out, "  media_ld is the data port's MEDIA_BLOCK_READ, not a sampler message: "
                        "not lowered\n\n");
        return 0;
    }
    if (in->opcode == 0x89 || in->opcode == 0x8A || in->opcode == 0x8B) { /* LSC, lsc_fence */
        fprintf(r->out, "  an LSC instruction names its message itself: not lowered\n\n");
        return 0;
    }
    tu_dp_lmsg probe;
    if (tu_visa_dataport_message(in, 0, &probe, NULL) == TU_OK) return lower_dataport(r, l);
    tu_lower_type_info ti;
    if (!tu_lower_describe_type(in->subop, in->uw_params, t, &ti)) {
        char name[512]; /* the instruction's mnemonic, as the kernel's text spells it */
        tu_visa_print_inst(r->k, in, name, sizeof name);
        name[strcspn(name, ". ")] = 0;
        fprintf(r->out, "  refused: sampler sub-op %u (%s) has no message on target %s\n\n",
                in->subop, name, t->name);
        fprintf(r->err, "texunit: %s:%u: sampler sub-op %u (%s) has no message on target %s\n",
                r->path, l->line, in->subop, name, t->name);
        return 1;
    }
    tu_lmsg *lm = calloc(1, sizeof *lm);
    tu_lplan *plan = calloc(1, sizeof *plan);
    tu_payload *p = calloc(1, sizeof *p);
    int rc = 0;
    if (!lm || !plan || !p) {
        fprintf(r->err, "texunit: out of memory\n");
        rc = 1;
        goto done;
    }
    build(r, in, &ti, lm);
    tu_error err = {0};
    if (tu_lower_split(lm, t, plan, &err) != TU_OK) {
        fprintf(r->out, "  refused: %s\n\n", err.message);
        fprintf(r->err, "texunit: %s:%u: %s\n", r->path, l->line, err.message);
        rc = 1;
        goto done;
    }
    const uint32_t regs =
        tu_lower_regs(1, plan->width, (lm->flags & TU_LMSG_PARAMS_16BIT) ? 2 : 4, t);
    fprintf(r->out,
            "  %s: %s (message type %u) SIMD%u -> %u message%s of SIMD%u (%s rule): %s%u "
            "parameter%s x %u GRF%s = mlen %u\n",
            t->name, ti.mnemonic, in->subop, in->exec_size, plan->count, plan->count > 1 ? "s" : "",
            plan->width, t->width_rule == TU_WIDTH_MESA ? "Mesa" : "IGC",
            plan->header ? "header + " : "", plan->param_count, plan->param_count == 1 ? "" : "s",
            regs, regs == 1 ? "" : "s", plan->mlen);
    const bool zip = plan->count > 1 || plan->part[0].lanes < plan->width;
    for (uint32_t g = 0; g < plan->count; g++) {
        const tu_lpart *part = &plan->part[g];
        if (tu_lower_payload(part, t, p, &err) != TU_OK) {
            fprintf(r->out, "  refused: %s\n\n", err.message);
            fprintf(r->err, "texunit: %s:%u: %s\n", r->path, l->line, err.message);
            rc = 1;
            goto done;
        }
        /* the part as a vISA instruction */
        r->shadow.var_count = r->k->var_count;
        tu_visa_inst pi = *in;
        pi.exec_size = (uint8_t)plan->width;
        pi.emask = (uint8_t)((in->emask & 8) | (((in->emask & 7) + part->first_lane / 4) & 7));
        const bool padded = part->lanes < plan->width;
        for (unsigned i = 0; i < in->num_params; i++) {
            const tu_visa_var *v = in->params[i].id ? gvar(r->k, in->params[i].id) : NULL;
            if (!v) continue;
            if (padded)
                pi.params[i].id = add_temp(r, v, g, (int)i), pi.params[i].offset = 0;
            else
                pi.params[i].offset =
                    (uint16_t)(in->params[i].offset +
                               part->first_lane * tu_visa_type_size((tu_visa_type)v->type));
        }
        if (zip && in->dst.id)
            pi.dst.id = add_temp(r, gvar(r->k, in->dst.id), g, -1), pi.dst.offset = 0;
        char lanes[40];
        lanes_text(lanes, sizeof lanes, part->first_lane, part->lanes);
        fprintf(r->out, "  [%u/%u] %s%s\n", g + 1, plan->count, lanes,
                padded ? " (the rest padding, disabled)" : "");
        print_inst(r, &pi, "    ");
        print_payload(r, in, part, p);
    }
    if (zip && in->dst.id) {
        const tu_visa_var *d = gvar(r->k, in->dst.id);
        fprintf(r->out, "  zip %s.%u <-", d ? d->name : "?", in->dst.offset);
        for (uint32_t g = 0; g < plan->count; g++) {
            char lanes[40];
            lanes_text(lanes, sizeof lanes, plan->part[g].first_lane, plan->part[g].lanes);
            fprintf(r->out, "%s %s_p%u (%s)", g ? "," : "", d ? d->name : "?", g, lanes);
        }
        if (in->pixel_null_mask)
            fprintf(r->out, "; pixel null mask bits of part g at bit g x %u", plan->width);
        fprintf(r->out, "\n");
    }
    fprintf(r->out, "\n");
done:
    free(p);
    free(plan);
    free(lm);
    return rc;
}

int tq_lower(const char *path, const char *target, FILE *out, FILE *err) {
    char name[32];
    snprintf(name, sizeof name, "%s", target ? target : "");
    const size_t n = strlen(name);
    const bool mesa = n > 5 && strcmp(name + n - 5, "-mesa") == 0;
    if (mesa) name[n - 5] = 0;
    const tu_target *preset = tu_target_preset(name);
    if (!preset) {
        fprintf(err,
                "texunit: unknown target '%s' (skl, tgl, dg2, xe2, add -mesa for Mesa's "
                "width rule; ivb, hsw for data-port messages only)\n",
                target ? target : "");
        return 2;
    }
    tu_target t = *preset;
    if (mesa) t.width_rule = TU_WIDTH_MESA;
    size_t size;
    char why[300];
    char *text = tf_read_file(path, TF_TEXT_BYTES, &size, why, sizeof why);
    if (!text) {
        fprintf(err, "texunit: %s\n", why);
        return 1;
    }
    tu_visa_kernel k;
    tu_error e = {0};
    const tu_visa_platform platform = t.xe2_msg_types ? TU_VISA_XE2 : TU_VISA_XE_LP;
    const tu_status st = tu_visa_parse(text, size, platform, &k, &e);
    free(text);
    if (st != TU_OK) {
        fprintf(err, "texunit: %s: %s\n", path, e.message);
        return 1;
    }
    lower_run r = {0};
    r.k = &k;
    r.t = &t;
    r.out = out;
    r.err = err;
    r.path = path;
    r.shadow = k;
    r.shadow.vars = calloc(k.var_count + MAX_TEMPS, sizeof *r.shadow.vars);
    r.value = calloc(k.var_count ? k.var_count : 1, sizeof *r.value);
    int rc = 0;
    if (!r.shadow.vars || !r.value) {
        fprintf(err, "texunit: out of memory\n");
        rc = 1;
    } else {
        if (k.var_count) /* k.vars is NULL without a .decl: memcpy's source must not be */
            memcpy(r.shadow.vars, k.vars, k.var_count * sizeof *k.vars);
        for (uint32_t i = 0; i < k.var_count; i++) {
            r.value[i] = UINT64_MAX;
            if (k.vars[i].kind == TU_VISA_VAR_G && k.vars[i].id >= r.next_id)
                r.next_id = k.vars[i].id + 1;
        }
        for (uint32_t i = 0; i < k.line_count; i++) {
            const tu_visa_line *l = &k.lines[i];
            if (l->kind == TU_VISA_LINE_MOVS)
                r.value[l->movs_var] = l->movs_src.is_imm ? l->movs_src.imm : UINT64_MAX;
            else if (l->kind == TU_VISA_LINE_INST)
                rc |= lower_inst(&r, l);
        }
        /* the instructions outside texunit's families are no messages: listed once */
        bool other = false;
        for (uint32_t i = 0; i < k.line_count; i++)
            other |= tq_line_is_other(&k.lines[i]);
        if (other) {
            fprintf(out, "not lowered, outside texunit's instructions: ");
            tq_list_lines(out, &k, tq_line_is_other);
            fprintf(out, "\n");
        }
    }
    free(r.shadow.vars);
    free(r.value);
    tu_visa_kernel_free(&k);
    return rc;
}
