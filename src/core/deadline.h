/* A deadline a long computation can see (issue 15, section 4: budgets that bound everything). It is a plain
 * value passed down the calls (no global state): absolute seconds on the monotonic clock, 0 for none. A row
 * whose evaluation can take seconds (a numerical integral, a special function of a huge argument) takes one
 * through its gdc_row_t.fn_arb_timed entry point and gives up soon after it has passed. */
#ifndef GDC_DEADLINE_H
#define GDC_DEADLINE_H

/* seconds on CLOCK_MONOTONIC */
double gdc_clock_now(void);
/* the deadline `seconds` from now; 0 (none) when seconds <= 0 */
double gdc_deadline_after(double seconds);
/* 1 when deadline > 0 and it has passed */
int gdc_deadline_passed(double deadline);

#endif
