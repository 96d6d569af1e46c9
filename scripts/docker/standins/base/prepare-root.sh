#!/bin/sh
# Makes a fresh debootstrap root (minbase) into a container base, as Debian's own images are made: no services
# started by package scripts, no documentation or locales installed, no recommends, empty caches. Its apt sources
# are this machine's own (copied, never written into the repository). Usage: prepare-root.sh <root>
set -eu
root="$1"
printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
cat > "$root/etc/dpkg/dpkg.cfg.d/excludes" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
CFG
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' > "$root/etc/apt/apt.conf.d/10no-recommends"
# The machine's mirrors: sources.list and every active entry of sources.list.d, plus apt's Acquire settings.
: > "$root/etc/apt/sources.list"
[ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$root/etc/apt/sources.list"
for file in /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
  [ -f "$file" ] && cp "$file" "$root/etc/apt/sources.list.d/"
done
for file in /etc/apt/apt.conf.d/*; do
  [ -f "$file" ] && grep -q '^Acquire::' "$file" && cp "$file" "$root/etc/apt/apt.conf.d/"
done
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/* \
  "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log \
  "$root"/tmp/* "$root"/var/tmp/*
