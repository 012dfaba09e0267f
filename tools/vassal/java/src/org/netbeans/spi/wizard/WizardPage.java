// hexforge harness stand-in (see Wizard.java).
package org.netbeans.spi.wizard;

import java.util.HashMap;
import java.util.Map;
import javax.swing.JPanel;

/** One page of a wizard (VASSAL's game set-up steps extend it). */
public class WizardPage extends JPanel {
  private static final long serialVersionUID = 1L;
  private final Map<Object, Object> data = new HashMap<>();

  public WizardPage(String description) {
    setName(description);
  }

  public void putWizardData(Object key, Object value) {
    data.put(key, value);
  }

  /** Called when a wizard ends; VASSAL's GameSetupPanels implements it. */
  public interface WizardResultProducer {
    Object finish(Map settings) throws WizardException;

    boolean cancel(Map settings);
  }
}
