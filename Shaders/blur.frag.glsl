#version 330 core
// The passes of a separable Gaussian blur and the draw of its result (GaussianBlur.swift),
// compiled in variants: PASS 0 draws the texture, times u_tint, or, with ALPHA_TINT, its alpha
// times u_tint (a shadow); PASS 1 averages 2x2 texels with one bilinear tap (downsampling);
// PASS 2 is one direction of the blur. SHAPE_CLIP (PASS 0) draws only the pixels whose centre
// lies inside a rounded rectangle in a layer's space (a background filter inside its layer's
// shape, as a stencil clip of that shape would draw them).

in vec2 v_uv;

uniform sampler2D u_texture;
uniform vec4 u_tint;        // premultiplied (PASS 0)
uniform vec2 u_step;        // one texel along the blur direction, in texture coordinates (PASS 2)
uniform float u_sigma;      // standard deviation in texels (PASS 2)
uniform int u_taps;         // texels weighted on each side of the centre (PASS 2)

#if SHAPE_CLIP
uniform vec3 u_layerX;      // the layer's x at a pixel (x, y): dot(u_layerX, (x, y, 1))
uniform vec3 u_layerY;      // the layer's y at a pixel
uniform vec4 u_shapeRect;   // x, y, width, height (layer space)
uniform vec4 u_shapeRadii;  // as QuadInstance's radii

#include "rounded-rect"
#endif

out vec4 fragColor;

void main() {
#if PASS == 0
#if SHAPE_CLIP
    vec3 pixel = vec3(gl_FragCoord.xy, 1.0);
    vec2 unusedGradient;
    if (roundedRectDistance(vec2(dot(u_layerX, pixel), dot(u_layerY, pixel)), u_shapeRect, u_shapeRadii,
                            unusedGradient) > 0.0) discard;
#endif
    vec4 texel = texture(u_texture, v_uv);
#if ALPHA_TINT
    fragColor = u_tint * texel.a;
#else
    fragColor = u_tint * texel;
#endif
#elif PASS == 1
    fragColor = texture(u_texture, v_uv);
#else
    // Weights of the Gaussian at whole texel offsets, normalised by their sum.
    vec4 sum = texture(u_texture, v_uv);
    float total = 1.0;
    float falloff = -0.5 / (u_sigma * u_sigma);
    for (int i = 1; i <= u_taps; ++i) {
        float weight = exp(falloff * float(i * i));
        vec2 offset = float(i) * u_step;
        sum += weight * (texture(u_texture, v_uv + offset) + texture(u_texture, v_uv - offset));
        total += 2.0 * weight;
    }
    fragColor = sum / total;
#endif
}
