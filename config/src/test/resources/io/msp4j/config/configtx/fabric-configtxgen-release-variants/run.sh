# usage: run.sh RELEASE  -> results/RELEASE.tsv : variant TAB what TAB result
R=$1; B=/opt/dsllab/bin/configtxgen-$R; out=/opt/dsllab/ctx/results/$R.tsv; mkdir -p /opt/dsllab/ctx/results; : > $out
cd /opt/dsllab/ctx/v
for d in */; do d=${d%/}
  for org in Org1 OrdererOrg; do
    if $B -configPath $d -printOrg $org > /tmp/po.out 2> /tmp/po.err; then r="ok sha256:$(sha256sum < /tmp/po.out | cut -c1-16)"; else r="error: $(python3 /opt/dsllab/ctx/errx.py /tmp/po.err)"; fi
    printf '%s\tprintOrg %s\t%s\n' $d $org "$r" >> $out
  done
  rm -f /tmp/b.block
  if $B -configPath $d -profile P -channelID ch1 -outputBlock /tmp/b.block > /tmp/ob.out 2> /tmp/ob.err; then
    $B -inspectBlock /tmp/b.block > /tmp/b.json 2>/dev/null
    r="ok $(python3 -c '
import json; b=json.load(open("/tmp/b.json")); g=b["data"]["data"][0]["payload"]["data"]["config"]["channel_group"]
cc=sorted((g["values"]["Capabilities"]["value"].get("capabilities") or {}).keys())
o=g["groups"]["Orderer"]; bs=o["values"]["BatchSize"]["value"]; bt=o["values"]["BatchTimeout"]["value"]["timeout"]
cc=cc
print("channelcaps="+",".join(cc), "maxmsg="+str(bs.get("max_message_count")), "timeout="+bt, "apporgs="+",".join(sorted(g["groups"]["Application"]["groups"])), "nodeous="+str((g["groups"]["Application"]["groups"]["Org1"]["values"]["MSP"]["value"]["config"].get("fabric_node_ous") or {}).get("enable")))
')"
  else r="error: $(python3 /opt/dsllab/ctx/errx.py /tmp/ob.err)"; fi
  printf '%s\toutputBlock\t%s\n' $d "$r" >> $out
done
