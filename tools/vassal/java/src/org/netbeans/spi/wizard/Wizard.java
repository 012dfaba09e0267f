// hexforge harness: a do-nothing stand-in for the netbeans wizard library (org.netbeans:wizard),
// which VASSAL 3.6 links against but which no public Maven repository or Debian package ships.
// Written for hexforge from the signatures VASSAL's WizardSupport calls; no wizard is ever shown.
package org.netbeans.spi.wizard;

/** A wizard as VASSAL hands it to WizardDisplayer; it only remembers who made it. */
public final class Wizard {
  private final Object origin;

  Wizard(Object origin) {
    this.origin = origin;
  }

  public Object getOrigin() {
    return origin;
  }
}
