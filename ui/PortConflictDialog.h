#pragma once

#include <QDialog>
#include <QHostAddress>

class QLabel;
class QRadioButton;
class QSpinBox;

namespace hostbench::sys {
class PortHolder;
}

namespace hostbench::ui {

class FieldError;

/*
 * The question asked when a port the window wants to listen on (the
 * engine's, the control API's) is taken: which process holds it
 * (sys::PortHolder, or that it cannot be told), then "use the next free
 * port, N" or "use another port" (a field, checked before the dialog
 * closes: a port that is taken too gets its holder named under the field).
 * Cancel leaves everything as it was; nothing moves without this answer.
 * GUI thread.
 */
class PortConflictDialog final : public QDialog
{
    Q_OBJECT

public:
    enum class Listener { Engine, ControlApi };

    // `port` on `address` is taken. The next free port is looked for above it.
    PortConflictDialog(
        Listener listener, const QHostAddress &address, quint16 port, QWidget *parent = nullptr);

    // The port the user chose; valid once accepted.
    quint16 chosenPort() const;
    // Above `port`, the first port on `address` that can be listened on
    // now (up to 100 tried); 0 when none.
    static quint16 nextFreePort(const QHostAddress &address, quint16 port);
    // Whether something listens on `port` of `address` now (a listen there
    // fails with "address in use").
    static bool isTaken(const QHostAddress &address, quint16 port);
    // "nginx (PID 1234)", or what can be said when the holder cannot be seen.
    static QString holderText(const sys::PortHolder &holder);
    // holderText() for whoever listens on `port` now.
    static QString holderOf(quint16 port);

    void accept() override;

private:
    QHostAddress m_address;
    quint16 m_port = 0;
    quint16 m_next = 0;
    QRadioButton *m_useNext = nullptr;
    QRadioButton *m_useOther = nullptr;
    QSpinBox *m_other = nullptr;
    FieldError *m_otherError = nullptr;
};

} // namespace hostbench::ui
