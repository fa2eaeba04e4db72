#include "ui/PortConflictDialog.h"

#include "sys/PortHolder.h"
#include "ui/ButtonTexts.h"
#include "ui/FieldError.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStyle>
#include <QTcpServer>
#include <QVBoxLayout>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
constexpr int kNextPortTries = 100; // as the engine's own fallback (HttpServer)
} // namespace

PortConflictDialog::PortConflictDialog(
    Listener listener, const QHostAddress &address, quint16 port, QWidget *parent)
    : QDialog(parent)
    , m_address(address)
    , m_port(port)
    , m_next(nextFreePort(address, port))
    , m_useNext(new QRadioButton(this))
    , m_useOther(new QRadioButton(tr("Use &another port:"), this))
    , m_other(new QSpinBox(this))
{
    setObjectName(u"portConflictDialog"_s);
    const bool engine = listener == Listener::Engine;
    setWindowTitle(engine ? tr("Engine Port Taken") : tr("Control API Port Taken"));
    m_useNext->setObjectName(u"portConflictNext"_s);
    m_useOther->setObjectName(u"portConflictUseOther"_s);
    m_other->setObjectName(u"portConflictOther"_s);

    auto *icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(32, 32));
    icon->setAlignment(Qt::AlignTop);
    const QString holder = holderOf(port);
    const QString what = engine ? tr("The engine cannot listen on port %1: it is in use by %2.")
                                : tr("The control API cannot listen on port %1: it is in use by %2.");
    auto *message = new QLabel(what.arg(QString::number(port), holder), this);
    message->setObjectName(u"portConflictMessage"_s);
    message->setWordWrap(true);
    message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *question = new QLabel(tr("Which port should it use instead?"), this);

    if (m_next != 0) {
        m_useNext->setText(tr("Use the &next free port, %1").arg(m_next));
        m_useNext->setChecked(true);
    } else {
        m_useNext->setText(tr("No free port in the next %1").arg(kNextPortTries));
        m_useNext->setEnabled(false);
        m_useOther->setChecked(true);
    }
    m_other->setRange(1, 65535);
    m_other->setValue(m_next != 0 ? m_next : std::min(int(port) + 1, 65535));
    m_other->setEnabled(m_useOther->isChecked());
    m_otherError = new FieldError(m_other, this);
    m_otherError->setObjectName(u"portConflictOtherError"_s);
    connect(m_useOther, &QRadioButton::toggled, m_other, &QWidget::setEnabled);
    connect(m_other, &QSpinBox::valueChanged, m_otherError, [this] { m_otherError->setMessage({}); });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ButtonTexts::translate(buttons);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Use This Port"));
    buttons->button(QDialogButtonBox::Ok)->setObjectName(u"portConflictOk"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &PortConflictDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &PortConflictDialog::reject);

    auto *choices = new QGridLayout;
    choices->addWidget(m_useNext, 0, 0, 1, 2);
    choices->addWidget(m_useOther, 1, 0);
    choices->addWidget(m_other, 1, 1);
    choices->addWidget(m_otherError, 2, 1);
    choices->setColumnStretch(2, 1);
    auto *text = new QVBoxLayout;
    text->addWidget(message);
    text->addWidget(question);
    text->addLayout(choices);
    auto *top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(text, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

quint16 PortConflictDialog::chosenPort() const
{
    return m_useNext->isChecked() ? m_next : quint16(m_other->value());
}

void PortConflictDialog::accept()
{
    // Another taken port would only bring the same question back: say so here.
    if (m_useOther->isChecked()) {
        const quint16 port = quint16(m_other->value());
        if (isTaken(m_address, port)) {
            m_otherError->setMessage(
                tr("Port %1 is in use too, by %2.").arg(QString::number(port), holderOf(port)));
            m_other->setFocus();
            return;
        }
    }
    QDialog::accept();
}

quint16 PortConflictDialog::nextFreePort(const QHostAddress &address, quint16 port)
{
    const int last = std::min(int(port) + kNextPortTries, 65535);
    for (int candidate = port + 1; candidate <= last; ++candidate) {
        if (!isTaken(address, quint16(candidate)))
            return quint16(candidate);
    }
    return 0;
}

bool PortConflictDialog::isTaken(const QHostAddress &address, quint16 port)
{
    // As the engine binds (SO_REUSEADDR on Unix, as QTcpServer sets it):
    // a socket in TIME_WAIT does not count, a listener does.
    QTcpServer probe;
    if (probe.listen(address, port))
        return false;
    return probe.serverError() == QAbstractSocket::AddressInUseError;
}

QString PortConflictDialog::holderText(const sys::PortHolder &holder)
{
    switch (holder.result) {
    case sys::PortHolder::Result::Found:
        return tr("%1 (PID %2)").arg(holder.program, QString::number(holder.pid));
    case sys::PortHolder::Result::Hidden:
        return tr("a program of another user (which one cannot be told)");
    case sys::PortHolder::Result::NotFound:
    case sys::PortHolder::Result::Unsupported:
        break;
    }
    return tr("another program (which one cannot be told)");
}

QString PortConflictDialog::holderOf(quint16 port)
{
    return holderText(sys::PortHolder::find(port));
}

} // namespace hostbench::ui
