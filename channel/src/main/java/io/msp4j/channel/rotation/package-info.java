/**
 * CA rotation on a live channel: {@link io.msp4j.channel.rotation.RotationPlanner} turns a
 * {@link io.msp4j.channel.rotation.RotationRequest} (an org, the CAs to add and to retire, the
 * identities to follow) into a {@link io.msp4j.channel.rotation.RotationPlan}: numbered config
 * updates, each computed from the configuration the previous one leaves and checked with the
 * update checker (verdict, mod_policies, impact, lock-out guard), with the consenters' TLS
 * certificates swapped one per update. See docs/ca-rotation.md.
 */
package io.msp4j.channel.rotation;
