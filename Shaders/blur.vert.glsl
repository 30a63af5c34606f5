#version 330 core
// One quad from uniforms, drawn as a 4-vertex triangle strip (the corner comes from
// gl_VertexID): the passes of GaussianBlur.swift and the draws of their results.

uniform mat4 u_transform;   // quad space -> clip space
uniform vec4 u_rect;        // x, y, width, height (quad space)
uniform vec4 u_uv;          // u0, v0 at (minX, minY); u1, v1 at (maxX, maxY)

out vec2 v_uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    v_uv = mix(u_uv.xy, u_uv.zw, corner);
    gl_Position = u_transform * vec4(u_rect.xy + corner * u_rect.zw, 0.0, 1.0);
}
