#!/bin/sh
# The official nginx image's template contract: every /etc/nginx/templates/*.template becomes
# /etc/nginx/conf.d/<name without .template>, with only the variables defined in the environment substituted (so
# nginx's own $variables stay as they are). Then the command runs.
set -eu
if [ "${1:-}" = nginx ]; then
  template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
  output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
  defined_envs=$(printf '${%s} ' $(env | cut -d= -f1))
  for template in "$template_dir"/*.template; do
    [ -f "$template" ] || continue
    output="$output_dir/$(basename "$template" .template)"
    envsubst "$defined_envs" < "$template" > "$output"
    echo "docker-entrypoint.sh: rendered $template to $output"
  done
fi
exec "$@"
