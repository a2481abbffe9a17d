/* Deadlines on the monotonic clock (deadline.h). */
#include <time.h>
#include "core/deadline.h"

double gdc_clock_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double gdc_deadline_after(double seconds)
{
    return seconds > 0 ? gdc_clock_now() + seconds : 0.0;
}

int gdc_deadline_passed(double deadline)
{
    return deadline > 0 && gdc_clock_now() > deadline;
}
