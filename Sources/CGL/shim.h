#ifndef CGL_SHIM_H
#define CGL_SHIM_H
/* systemLibrary targets take no cSettings, so the prototype switch lives here. */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#define EGL_NO_X11 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#endif
