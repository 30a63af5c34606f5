#ifndef CIMAGECODECS_SHIM_H
#define CIMAGECODECS_SHIM_H
#include <png.h>
#include <turbojpeg.h>
#endif
