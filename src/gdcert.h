/* gdcert public header: the registry (every closed form with its double, Arb and MPFR implementations), batch calls
 * and Gram matrices, the dynamics of `gdcert simulate`, and the families' kernels. Build with `pkg-config --cflags --libs gdcert`; the manual pages
 * gdcert(3) (registry, batch, Gram) and gdcert_relu(3), gdcert_gauss(3), gdcert_cosine(3), gdcert_erf(3), gdcert_twolayer(3), gdcert_cnn(3),
 * gdcert_bias(3), gdcert_ball(3). */
#ifndef GDCERT_H
#define GDCERT_H
#include "gdc_config.h"
#include "gdc_arb.h"
#include "core/registry.h"
#include "core/batch.h"
#include "core/gram.h"
#include "core/access.h"
#include "core/angle.h"
#include "relu/relu.h"
#include "gauss/gauss.h"
#include "cosine/cosine.h"
#include "erf/erf.h"
#include "cnn/cnn.h"
#include "twolayer/twolayer.h"
#include "bias/bias.h"
#include "ball/ball.h"
#include "core/dynamics.h"
#include "core/simulate.h"
#endif
