// hexforge harness stand-in (see Wizard.java).
package org.netbeans.spi.wizard;

import java.util.Map;
import javax.swing.JComponent;

/** Supplies the panels of a wizard; VASSAL subclasses it for each of its wizards. */
public abstract class WizardPanelProvider {
  private final String title;
  private final String[] steps;

  protected WizardPanelProvider(String title, String step, String description) {
    this(title, new String[] {step}, new String[] {description});
  }

  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {
    this.title = title;
    this.steps = steps == null ? new String[0] : steps.clone();
  }

  protected WizardPanelProvider(String[] steps, String[] descriptions) {
    this(null, steps, descriptions);
  }

  /** The position of ``id`` among the steps, or -1. */
  protected final int indexOfStep(String id) {
    for (int i = 0; i < steps.length; i++) {
      if (steps[i].equals(id)) {
        return i;
      }
    }
    return -1;
  }

  protected abstract JComponent createPanel(WizardController controller, String id, Map settings);

  public String getTitle() {
    return title;
  }

  public final Wizard createWizard() {
    return new Wizard(this);
  }
}
