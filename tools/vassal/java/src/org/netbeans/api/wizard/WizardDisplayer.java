// hexforge harness stand-in (see org/netbeans/spi/wizard/Wizard.java).
package org.netbeans.api.wizard;

import java.awt.Rectangle;
import java.util.Map;
import javax.swing.Action;
import org.netbeans.spi.wizard.Wizard;

/** Shows nothing: every wizard VASSAL asks for ends at once as if the user cancelled it. */
public abstract class WizardDisplayer {
  private static int requests;

  protected WizardDisplayer() {
  }

  /** How many wizards VASSAL asked for in this run. */
  public static synchronized int requestCount() {
    return requests;
  }

  private static synchronized Object cancelled() {
    requests++;
    return null;
  }

  public static Object showWizard(Wizard wizard) {
    return cancelled();
  }

  public static Object showWizard(Wizard wizard, Rectangle bounds) {
    return cancelled();
  }

  public static Object showWizard(Wizard wizard, Rectangle bounds, Action help, Map initial) {
    return cancelled();
  }
}
