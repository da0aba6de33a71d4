#!/bin/bash
# bench for the streaming export: run beside an IT run of AdminExportIT (server name hsrv-ui) and read the heap of the
# Liberty JVM with jstat -gc; used heap = S0U+S1U+EU+OU, old generation = OU (KB).
# samples the hsrv-ui Liberty JVM heap every second while it runs
out=/tmp/ui-jstat.log; : > $out
for i in $(seq 1 1800); do
  pid=$(pgrep -f "hsrv-ui" | while read p; do if grep -q "ws-server.jar\|wlp" /proc/$p/cmdline 2>/dev/null && tr '\0' ' ' < /proc/$p/cmdline | grep -q java; then echo $p; fi; done | head -1)
  if [ -n "$pid" ]; then echo "$(date +%T) $(jstat -gc $pid 2>/dev/null | tail -1)" >> $out; fi
  sleep 1
done
