import os, re
base = open("base.yaml").read()
def mk(name, cap="true", mmc="10", msp="msps/org1", edit=None):
    t = base.replace("@CAP@", cap).replace("@MMC@", mmc).replace("@MSP@", msp)
    if edit: t = edit(t)
    d = "v/" + name; os.makedirs(d, exist_ok=True)
    open(d + "/configtx.yaml", "w").write(t)
    if not os.path.exists(d + "/msps"): os.symlink("../../msps", d + "/msps")
def ins_after(anchor, text):
    return lambda t: t.replace(anchor, anchor + text, 1)
mk("base")
mk("dup-top", edit=lambda t: t + "Capabilities:\n  Channel: {V3_0: true}\n")
mk("dup-org", edit=ins_after("    MSPDir: msps/org1\n", "    ID: Org1MSP\n"))
mk("dup-org-differs", edit=ins_after("    MSPDir: msps/org1\n", "    ID: OtherMSP\n"))
mk("dup-policy", edit=ins_after("      Readers: {Type: Signature, Rule: \"OR('Org1MSP.member')\"}\n", "      Readers: {Type: Signature, Rule: \"OR('Org1MSP.admin')\"}\n"))
mk("dup-in-flow", edit=lambda t: t.replace("Writers: {Type: Signature, Rule: \"OR('Org1MSP.member')\"}", "Writers: {Type: Signature, Rule: \"OR('Org1MSP.member')\", Type: Signature}", 1))
mk("dup-profile", edit=ins_after("  P:\n", "    Consortium: A\n    Consortium: B\n"))
mk("dup-anchorpeer", edit=ins_after("        Port: 7051\n", "        Port: 7052\n"))
mk("dup-unread-toplevel", edit=lambda t: t + "Extra:\n  a: 1\n  a: 2\n")
mk("dup-unread-anchor-only", edit=lambda t: t.replace("Organizations:\n  - &Org1", "Unused: &U\n  k: 1\n  k: 2\nOrganizations:\n  - &Org1", 1))
for c in ["yes", "no", "on", "off", "Yes", "YES", "y", "True", "TRUE", "1", "0", "\"true\""]:
    mk("cap-" + re.sub(r'\W', '_', c), cap=c)
for m in ["010", "0o10", "0x10", "08", "1_0", "10.0", "\"10\"", "+10"]:
    mk("mmc-" + re.sub(r'\W', '_', m), mmc=m)
mk("merge-override", edit=lambda t: t.replace("      <<: *OrdererDefaults\n", "      <<: *OrdererDefaults\n      BatchTimeout: 3s\n", 1))
mk("merge-list", edit=lambda t: t.replace("    <<: *ChannelDefaults\n", "    <<: [*ChannelDefaults, {Policies: {}}]\n", 1))
mk("merge-org", edit=lambda t: t.replace("  - &OrdererOrg\n", "  - <<: *Org1\n    Name: Org1Copy\n  - &OrdererOrg\n", 1))
mk("merge-dup-explicit", edit=lambda t: t.replace("    Orderer:\n      <<: *OrdererDefaults\n", "    Orderer:\n      <<: *OrdererDefaults\n      OrdererType: etcdraft\n", 1))
mk("tab-indent", edit=lambda t: t.replace("        Port: 7051\n", "\t\tPort: 7051\n", 1))
mk("tab-after-colon", edit=lambda t: t.replace("        Port: 7051\n", "        Port:\t7051\n", 1))
mk("tab-in-flow", edit=lambda t: t.replace("Readers: {Type: Signature,", "Readers: {Type:\tSignature,", 1))
mk("tab-trailing", edit=lambda t: t.replace("    ID: Org1MSP\n", "    ID: Org1MSP\t\n", 1))
for v in ["yes", "on", "Yes", "off", "no", "True", "dup", "dupunread", "tab"]:
    mk("nodeous-" + v, msp="msps/org1-" + v)
