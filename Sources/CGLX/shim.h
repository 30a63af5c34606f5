#ifndef CGLX_SHIM_H
#define CGLX_SHIM_H
/* GLX for presenting into X11 windows (the fast path on Mesa's software rasteriser, which
   hands frames to the X server through MIT-SHM), with Xlib. The core GL API itself comes from
   the CGL module; glx.h's legacy GL/gl.h declarations are not used from Swift. */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <GL/glx.h>
#endif
