LIBDIR = "/usr/local/lib"
BINDIR = "/usr/local/bin"
