# man pages
dist_man_MANS += man/gdcert.1
dist_man_MANS += man/gdcert-simulate.1
# library manual pages: registry/batch/Gram, one per family
dist_man_MANS += man/gdcert.3 man/gdcert_relu.3 man/gdcert_gauss.3 man/gdcert_cosine.3 man/gdcert_erf.3 \
	man/gdcert_twolayer.3 man/gdcert_cnn.3 man/gdcert_ball.3 man/gdcert_bias.3
