# man pages
dist_man_MANS += man/gdcert.1
