// hexforge harness stand-in (see Wizard.java).
package org.netbeans.spi.wizard;

/** What a wizard page may tell its wizard; the harness keeps the values and ignores them. */
public final class WizardController {
  public static final int MODE_CAN_CONTINUE = 1;
  public static final int MODE_CAN_FINISH = 2;
  public static final int MODE_CAN_CONTINUE_OR_FINISH = 3;

  private String problem;
  private int forwardMode = MODE_CAN_CONTINUE;

  public void setProblem(String text) {
    problem = text;
  }

  public String getProblem() {
    return problem;
  }

  public void setForwardNavigationMode(int mode) {
    forwardMode = mode;
  }

  public int getForwardNavigationMode() {
    return forwardMode;
  }
}
