#!/bin/sh
# peer-status.sh FILE CMD...: run CMD, write its exit status into FILE
# (128 + N when signal N killed it), exit with it. In "peer-status.sh st
# perf script | fold" the peer's fate is kept, which the pipeline's
# status (fold's) would hide.
st=$1
shift
"$@"
rc=$?
echo $rc >"$st"
exit $rc
