// hexforge harness stand-in (see Wizard.java).
package org.netbeans.spi.wizard;

/** Thrown by a wizard's finish step. */
public class WizardException extends Exception {
  private static final long serialVersionUID = 1L;

  public WizardException(String message) {
    super(message);
  }
}
