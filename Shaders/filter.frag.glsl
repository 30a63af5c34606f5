#version 330 core
// The passes of layer filters and blend modes, drawn with layer.vert's full-target composite quad
// (see FilterPrograms.swift). Textures hold premultiplied colour, sampled pixel for pixel.
//
// COLOR_MATRIX: a 4x5 colour matrix applied to the unpremultiplied texel, clamped, premultiplied;
// transparent texels (where the group drew nothing) stay transparent.
// BLEND: the group texture (times u_opacity) composited onto the backdrop texture by a separable
// blend mode (W3C Compositing and Blending Level 1), written with blending off:
//   colour = Sc (1 - Da) + Dc (1 - Sa) + Sa Da B(Sc / Sa, Dc / Da),  alpha = Sa + Da - Sa Da.

in vec2 v_uv;

uniform sampler2D u_texture;
uniform float u_opacity;
#if COLOR_MATRIX
uniform mat4 u_matrix;        // column-major: u_matrix * rgba is the matrix's first four columns
uniform vec4 u_offset;        // the fifth column
#endif
#if BLEND
uniform sampler2D u_backdrop; // texture unit 1: what lies behind the group
uniform int u_mode;           // 1 multiply, 2 overlay, 3 darken, 4 lighten, 5 difference
#endif

out vec4 fragColor;

vec3 unpremultiplied(vec4 c) {
    return c.a > 0.0 ? c.rgb / c.a : vec3(0.0);
}

#if BLEND
vec3 blended(vec3 s, vec3 d) {
    if (u_mode == 1) return s * d;
    if (u_mode == 2) {
        vec3 multiply = 2.0 * s * d;
        vec3 screen = 1.0 - 2.0 * (1.0 - s) * (1.0 - d);
        return mix(screen, multiply, vec3(lessThanEqual(d, vec3(0.5))));
    }
    if (u_mode == 3) return min(s, d);
    if (u_mode == 4) return max(s, d);
    return abs(s - d);
}
#endif

void main() {
    vec4 source = texture(u_texture, v_uv);
#if COLOR_MATRIX
    vec4 straight = vec4(unpremultiplied(source), source.a);
    vec4 result = source.a > 0.0 ? clamp(u_matrix * straight + u_offset, 0.0, 1.0) : vec4(0.0);
    fragColor = vec4(result.rgb * result.a, result.a) * u_opacity;
#elif BLEND
    source *= u_opacity;
    vec4 backdrop = texture(u_backdrop, v_uv);
    vec3 mixed = blended(unpremultiplied(source), unpremultiplied(backdrop));
    vec3 color = source.rgb * (1.0 - backdrop.a) + backdrop.rgb * (1.0 - source.a) + source.a * backdrop.a * mixed;
    fragColor = vec4(color, source.a + backdrop.a - source.a * backdrop.a);
#else
    fragColor = source * u_opacity;
#endif
}
