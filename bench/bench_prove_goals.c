/* Benchmark of the Prover II goals (issue 9, section 5): each claim decided with the default forms and with
 * plain interval bisection only (--plain-only), the time of both, their ratio, and the goal. The figures go
 * into README.md ("Prover II: measured"); this is a benchmark, never a timed test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prove/prove.h"

static const struct {
    const char *name, *goal, *text;
    double goal_s;
} claims[] = {
    {"thm42_corr_ratio_tol1e-9", "< 0.1 s",
     "claim g\nvar r in [0, 2]\nvar t in [0, pi/2]\nbound min relu.corr_ratio(r, t) tol 1e-9\n", 0.1},
    {"log1p_touching", "< 0.1 s", "claim g\nvar x in [0, 1]\nprove log1p(x) >= x - x^2/2\n", 0.1},
    {"one_minus_cos_touching", "< 0.1 s", "claim g\nvar x in [0, 1]\nprove 1 - cos(x) <= x^2/2\n", 0.1},
    {"exp_touching", "< 0.1 s", "claim g\nvar x in [0, 1]\nprove exp(x) >= 1 + x + x^2/2\n", 0.1},
    {"relu_J_nonneg", "< 0.1 s", "claim g\nvar t in [0, pi]\nprove relu.J(t) >= 0\n", 0.1},
    {"relu_h_nonneg", "< 0.1 s", "claim g\nvar t in [0, pi]\nprove relu.h(t) >= 0\n", 0.1},
    {"relu_loss_nonneg", "< 0.1 s", "claim g\nvar r in [0, 3]\nvar t in [0, pi]\nprove relu.loss(r, t) >= 0\n", 0.1},
    {"relu_norm_rate_sign", "< 0.05 s",
     "claim g\nvar s in [0.05, 0.9]\nvar t in [0, 3]\nprove relu.norm_rate(s*relu.h(t)/pi, t) >= 0\n", 0.05},
    {"relu_kernel_le_ab_half", "(was undecided)",
     "claim g\nvar a in [0, 2]\nvar b in [0, 2]\nvar t in [0, pi]\nprove relu.kernel(a, b, t) <= a*b/2 + 0.001\n", 0},
};

int main(void)
{
    printf("%-26s %-13s %8s %9s | %-13s %8s %9s | %7s %s\n", "claim", "verdict", "boxes", "seconds", "plain only",
           "boxes", "seconds", "ratio", "goal");
    for (size_t i = 0; i < sizeof claims / sizeof claims[0]; i++) {
        char err[600];
        gdc_claim_t *c = gdc_claim_parse(claims[i].text, strlen(claims[i].text), claims[i].name, err, sizeof err);
        if (!c) {
            printf("%-26s parse error: %s\n", claims[i].name, err);
            continue;
        }
        double t[2];
        long boxes[2];
        const char *v[2];
        for (int k = 0; k < 2; k++) {
            gdc_budget_t b;
            gdc_budget_default(&b);
            b.time_limit = 20;
            b.plain_only = k;
            gdc_result_t r;
            gdc_result_init(&r);
            gdc_claim_decide(c, &b, &r);
            t[k] = r.seconds;
            boxes[k] = r.boxes;
            v[k] = gdc_verdict_name(r.verdict);
            gdc_result_clear(&r);
        }
        printf("%-26s %-13s %8ld %9.4f | %-13s %8ld %9.4f | %7.1f %s%s\n", claims[i].name, v[0], boxes[0], t[0], v[1],
               boxes[1], t[1], t[0] > 0 ? t[1] / t[0] : 0.0, claims[i].goal,
               claims[i].goal_s > 0 && strcmp(v[0], "HOLDS") != 0 && strcmp(v[0], "BOUND") != 0 ? " (not decided)"
               : claims[i].goal_s > 0 && t[0] > claims[i].goal_s ? " (missed)" : "");
        gdc_claim_free(c);
    }
    return 0;
}
