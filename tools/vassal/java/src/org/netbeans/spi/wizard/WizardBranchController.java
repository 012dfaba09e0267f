// hexforge harness stand-in (see Wizard.java).
package org.netbeans.spi.wizard;

import java.util.Map;

/** A wizard whose later steps depend on earlier answers (VASSAL's BranchingWizard). */
public abstract class WizardBranchController {
  private final WizardPanelProvider first;

  protected WizardBranchController(WizardPanelProvider first) {
    this.first = first;
  }

  protected WizardPanelProvider getPanelProviderForStep(String step, Map settings) {
    return null;
  }

  protected Wizard getWizardForStep(String step, Map settings) {
    final WizardPanelProvider next = getPanelProviderForStep(step, settings);
    return next == null ? null : next.createWizard();
  }

  public WizardPanelProvider getFirst() {
    return first;
  }

  public final Wizard createWizard() {
    return new Wizard(this);
  }
}
