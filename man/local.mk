# man pages
dist_man_MANS += man/gdcert.1
dist_man_MANS += man/gdcert-simulate.1
