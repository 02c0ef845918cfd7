#!/usr/bin/env bash
# Copied from the team's shared tools (../shared/tools/s3/swift-s3.sh) so that a fresh clone has it: .ci/run
# installs and starts it for the tests of tests/unit/offsite.test.ts (docs/backups.md).
# A real S3-compatible server on this machine: OpenStack Swift (Debian's packages) with its s3api middleware,
# one replica, everything under one folder, listening on 127.0.0.1 only.
#
#   swift-s3.sh install          apt-get install the packages (once per machine; needs root and `apt-get update`)
#   swift-s3.sh start [DIR]      start it (DIR default: $TMPDIR/swift-s3); prints the variables to export
#   swift-s3.sh stop [DIR]       stop what `start` started (by the pids it wrote), and remove DIR
#
# Endpoint http://127.0.0.1:${SWIFT_S3_PORT:-8089}, region us-east-1, path-style addressing,
# access key "test:tester", secret "testing" (tempauth). Supports buckets, put/get/list/delete, multipart
# uploads, presigned URLs and bucket versioning; a wrong secret or a tampered signature answers 403.
# Not supported: Object Lock. Memory: about 0.5 GB. Start-up: a few seconds.
set -euo pipefail
cmd=${1:-}
dir=${2:-${TMPDIR:-/tmp}/swift-s3}
port=${SWIFT_S3_PORT:-8089}
base=${SWIFT_S3_BASE_PORT:-6200}          # object, container, account servers: base, base+1, base+2
mport=${SWIFT_S3_MEMCACHED_PORT:-11211}

case "$cmd" in
install)
  pkgs="swift swift-proxy swift-object swift-container swift-account python3-swift memcached curl"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null 2>&1; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
  fi
  echo "installed: $(dpkg-query -W -f='${Version}' swift-proxy)"
  ;;
start)
  command -v swift-proxy-server >/dev/null || { echo "swift-s3.sh: Swift is not installed: run '$0 install' first" >&2; exit 2; }
  mkdir -p "$dir"/{etc,srv/d1,run,log}
  etc="$dir/etc"
  for kind in object container account; do
    case $kind in object) p=$base;; container) p=$((base + 1));; account) p=$((base + 2));; esac
    cat > "$etc/$kind-server.conf" <<CONF
[DEFAULT]
user = root
devices = $dir/srv
mount_check = false
bind_ip = 127.0.0.1
bind_port = $p
workers = 1
swift_dir = $etc
log_name = $kind
[pipeline:main]
pipeline = $kind-server
[app:$kind-server]
use = egg:swift#$kind
[$kind-replicator]
[$kind-auditor]
CONF
    if [ ! -f "$etc/$kind.ring.gz" ]; then
      (cd "$etc" && swift-ring-builder $kind.builder create 8 1 1 >/dev/null \
        && swift-ring-builder $kind.builder add r1z1-127.0.0.1:$p/d1 1 >/dev/null \
        && swift-ring-builder $kind.builder rebalance >/dev/null 2>&1 || true)
    fi
  done
  cat > "$etc/swift.conf" <<CONF
[swift-hash]
swift_hash_path_suffix = local-s3
swift_hash_path_prefix = local-s3
[storage-policy:0]
name = default
default = yes
CONF
  cat > "$etc/proxy-server.conf" <<CONF
[DEFAULT]
user = root
bind_ip = 127.0.0.1
bind_port = $port
workers = 1
swift_dir = $etc
[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo versioned_writes symlink proxy-logging proxy-server
[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true
[filter:s3api]
use = egg:swift#s3api
location = us-east-1
[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = testing .admin
[filter:catch_errors]
use = egg:swift#catch_errors
[filter:gatekeeper]
use = egg:swift#gatekeeper
[filter:healthcheck]
use = egg:swift#healthcheck
[filter:proxy-logging]
use = egg:swift#proxy_logging
[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$mport
[filter:listing_formats]
use = egg:swift#listing_formats
[filter:copy]
use = egg:swift#copy
[filter:slo]
use = egg:swift#slo
[filter:dlo]
use = egg:swift#dlo
[filter:versioned_writes]
use = egg:swift#versioned_writes
allow_object_versioning = true
[filter:symlink]
use = egg:swift#symlink
CONF
  memcached -u root -l 127.0.0.1 -p "$mport" -d -P "$dir/run/memcached.pid" 2>>"$dir/log/memcached.log"
  for kind in object container account; do
    setsid swift-$kind-server "$etc/$kind-server.conf" >>"$dir/log/$kind.log" 2>&1 &
    echo $! > "$dir/run/$kind.pid"
  done
  setsid swift-proxy-server "$etc/proxy-server.conf" >>"$dir/log/proxy.log" 2>&1 &
  echo $! > "$dir/run/proxy.pid"
  for _ in $(seq 1 60); do
    curl -fsS "http://127.0.0.1:$port/healthcheck" >/dev/null 2>&1 && break
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:$port/healthcheck" >/dev/null || { echo "swift-s3.sh: the proxy did not answer; see $dir/log" >&2; exit 1; }
  echo "export S3_ENDPOINT=http://127.0.0.1:$port"
  echo "export S3_REGION=us-east-1"
  echo "export S3_ACCESS_KEY_ID=test:tester"
  echo "export S3_SECRET_ACCESS_KEY=testing"
  echo "export S3_FORCE_PATH_STYLE=true"
  ;;
stop)
  for f in "$dir"/run/*.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
  done
  sleep 1
  rm -rf "$dir"
  echo "stopped"
  ;;
*)
  sed -n '2,12p' "$0"; exit 2 ;;
esac
