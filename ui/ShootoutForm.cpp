#include "ui/ShootoutForm.h"

#include "model/CapacitySearch.h"
#include "shootout/ServerCatalog.h"
#include "shootout/Workload.h"
#include "ui/FieldError.h"
#include "ui/Format.h"
#include "ui/ShootoutPage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

ShootoutForm::ShootoutForm(const QString &cliProgram, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"shootoutForm"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(makeServers(cliProgram));
    layout->addWidget(makeWorkloads());
    makeFields();
    auto *fields = new QFormLayout;
    fields->addRow(ShootoutPage::tr("&Model:"), m_model);
    fields->addRow(ShootoutPage::tr("&Connections:"), m_concurrency);
    fields->addRow(QString(), m_keepAlive);
    fields->addRow(ShootoutPage::tr("R&ate:"), m_rate);
    fields->addRow(ShootoutPage::tr("&Duration:"), m_duration);
    fields->addRow(ShootoutPage::tr("R&ounds:"), m_rounds);
    fields->addRow(QString(), m_capacity);
    fields->addRow(ShootoutPage::tr("&SLO:"), FieldError::cell(m_slo, m_sloError));
    fields->addRow(ShootoutPage::tr("Ste&p:"), m_step);
    layout->addLayout(fields);
    layout->addStretch(1);
    connectFields();
    updateModelFields();
}

QWidget *ShootoutForm::makeServers(const QString &cliProgram)
{
    auto *servers = new QGroupBox(ShootoutPage::tr("Servers"), this);
    auto *serverLayout = new QVBoxLayout(servers);
    for (const shootout::ServerKind &kind : shootout::ServerCatalog::all()) {
        const bool installed = !shootout::ServerCatalog::locate(kind, cliProgram).isEmpty();
        auto *box = new QCheckBox(installed
                ? kind.id
                : ShootoutPage::tr("%1 (missing: apt-get install %2)").arg(kind.id, kind.package),
            servers);
        box->setObjectName(u"shootoutServer_"_s + kind.id);
        box->setEnabled(installed);
        box->setChecked(installed && (kind.id == u"hostbench"_s || kind.id == u"nginx"_s));
        serverLayout->addWidget(box);
        m_servers.insert(kind.id, box);
    }
    m_serversError = new FieldError(servers, servers);
    serverLayout->addWidget(m_serversError);
    return servers;
}

QWidget *ShootoutForm::makeWorkloads()
{
    auto *workloads = new QGroupBox(ShootoutPage::tr("Workloads"), this);
    auto *workloadLayout = new QVBoxLayout(workloads);
    for (const shootout::Workload &workload : shootout::Workload::all()) {
        auto *box = new QCheckBox(
            u"%1  %2 %3"_s.arg(workload.id, workload.path, Format::bytes(quint64(workload.bytes))),
            workloads);
        box->setObjectName(u"shootoutWorkload_"_s + workload.id);
        box->setChecked(workload.id == u"W1"_s || workload.id == u"W6"_s);
        workloadLayout->addWidget(box);
        m_workloads.insert(workload.id, box);
    }
    m_workloadsError = new FieldError(workloads, workloads);
    workloadLayout->addWidget(m_workloadsError);
    return workloads;
}

void ShootoutForm::makeFields()
{
    m_model = new QComboBox(this);
    m_model->setObjectName(u"shootoutModel"_s);
    m_model->addItem(ShootoutPage::tr("Closed: connections"));
    m_model->addItem(ShootoutPage::tr("Open: requests per second"));
    m_concurrency = new QSpinBox(this);
    m_concurrency->setObjectName(u"shootoutConcurrency"_s);
    m_concurrency->setRange(0, 10'000);
    m_concurrency->setSpecialValueText(ShootoutPage::tr("each workload's own"));
    m_keepAlive = new QCheckBox(ShootoutPage::tr("&Keep-alive"), this);
    m_keepAlive->setObjectName(u"shootoutKeepAlive"_s);
    m_keepAlive->setChecked(true);
    m_rate = new QDoubleSpinBox(this);
    m_rate->setObjectName(u"shootoutRate"_s);
    m_rate->setRange(1, 1e7);
    m_rate->setDecimals(0);
    m_rate->setValue(1000);
    m_rate->setSuffix(ShootoutPage::tr(" requests/s"));
    m_duration = new QDoubleSpinBox(this);
    m_duration->setObjectName(u"shootoutDuration"_s);
    m_duration->setRange(0.1, 3600);
    m_duration->setDecimals(1);
    m_duration->setValue(5);
    m_duration->setSuffix(ShootoutPage::tr(" s per run"));
    m_rounds = new QSpinBox(this);
    m_rounds->setObjectName(u"shootoutRounds"_s);
    m_rounds->setRange(1, 100);
    m_rounds->setValue(3);
    m_capacity = new QCheckBox(ShootoutPage::tr("Capac&ity at SLO"), this);
    m_capacity->setObjectName(u"shootoutCapacity"_s);
    m_capacity->setToolTip(ShootoutPage::tr(
        "Ranks the servers by capacity: for each workload and server, the highest rate whose steps meet "
        "every SLO (hostbench-cli shootout --capacity), searched from the rate by doubling, then bisection"));
    m_slo = new QLineEdit(this);
    m_slo->setObjectName(u"shootoutSlo"_s);
    m_slo->setPlaceholderText(ShootoutPage::tr("e.g. p99<10ms, errors<0.1%"));
    m_slo->setToolTip(ShootoutPage::tr("What every step must meet, parted by commas, as hostbench-cli bench "
                                       "--slo: a latency pN, mean, min or max; rps; errors; non2xx"));
    m_slo->setText(u"p99<10ms"_s);
    m_sloError = new FieldError(m_slo, this);
    m_sloError->setObjectName(u"shootoutSloError"_s);
    m_step = new QDoubleSpinBox(this);
    m_step->setObjectName(u"shootoutStep"_s);
    m_step->setRange(0.5, 3600);
    m_step->setDecimals(1);
    m_step->setValue(3);
    m_step->setSuffix(ShootoutPage::tr(" s per step"));
}

void ShootoutForm::connectFields()
{
    const auto changedByUser = [this] {
        if (!m_setting)
            emit changed();
    };
    for (QCheckBox *box : findChildren<QCheckBox *>())
        connect(box, &QCheckBox::toggled, this, changedByUser);
    connect(m_model, &QComboBox::currentIndexChanged, this, [this, changedByUser] {
        updateModelFields();
        changedByUser();
    });
    for (QSpinBox *box : { m_concurrency, m_rounds })
        connect(box, &QSpinBox::valueChanged, this, changedByUser);
    for (QDoubleSpinBox *box : { m_rate, m_duration, m_step })
        connect(box, &QDoubleSpinBox::valueChanged, this, changedByUser);
    connect(m_capacity, &QCheckBox::toggled, this, &ShootoutForm::updateModelFields);
    connect(m_slo, &QLineEdit::textEdited, this, [this, changedByUser] {
        m_sloError->setMessage({});
        changedByUser();
    });
}

void ShootoutForm::updateModelFields()
{
    // A capacity search takes the rate as its start and runs steps, not runs of a duration.
    const bool capacity = m_capacity->isChecked();
    m_rate->setEnabled(m_model->currentIndex() == 1 || capacity);
    m_model->setEnabled(!capacity);
    m_duration->setEnabled(!capacity);
    m_slo->setEnabled(capacity);
    m_step->setEnabled(capacity);
}

QStringList ShootoutForm::sloList(QString *why) const
{
    QStringList slos;
    for (const QString &part : m_slo->text().split(u',', Qt::SkipEmptyParts)) {
        if (part.trimmed().isEmpty())
            continue;
        QString error;
        const std::optional<model::Threshold> slo = model::CapacitySearch::parseSlo(part, &error);
        if (!slo) {
            *why = ShootoutPage::tr("An SLO does not read: %1.").arg(error.section(u';', 0, 0));
            return {};
        }
        slos.append(slo->text);
    }
    if (slos.isEmpty())
        *why = ShootoutPage::tr("Give at least one SLO, such as p99<10ms.");
    return slos;
}

QStringList ShootoutForm::checkedServers() const
{
    QStringList servers;
    for (const QString &id : shootout::ServerCatalog::ids()) {
        const QCheckBox *box = m_servers.value(id);
        if (box && box->isEnabled() && box->isChecked())
            servers.append(id);
    }
    return servers;
}

QStringList ShootoutForm::checkedWorkloads() const
{
    QStringList workloads;
    for (auto it = m_workloads.cbegin(); it != m_workloads.cend(); ++it)
        if (it.value()->isChecked())
            workloads.append(it.key());
    return workloads;
}

shootout::ShootoutOptions ShootoutForm::options() const
{
    shootout::ShootoutOptions o;
    o.servers = checkedServers();
    o.workloads = checkedWorkloads();
    o.durationMs = qint64(m_duration->value() * 1000 + 0.5);
    o.rounds = m_rounds->value();
    o.concurrency = m_concurrency->value();
    o.keepAlive = m_keepAlive->isChecked();
    o.rate = m_model->currentIndex() == 1 ? m_rate->value() : 0;
    if (m_capacity->isChecked()) {
        QString why;
        o.capacitySlo = sloList(&why);
        o.stepMs = qint64(m_step->value() * 1000 + 0.5);
        o.rate = m_rate->value();
    }
    return o;
}

bool ShootoutForm::checkChoice()
{
    const bool servers = !checkedServers().isEmpty();
    const bool workloads = !checkedWorkloads().isEmpty();
    m_serversError->setMessage(servers ? QString() : ShootoutPage::tr("Pick at least one server."));
    m_workloadsError->setMessage(workloads ? QString() : ShootoutPage::tr("Pick at least one workload."));
    QString why;
    const bool slo = !m_capacity->isChecked() || !sloList(&why).isEmpty();
    m_sloError->setMessage(slo ? QString() : why);
    return servers && workloads && slo;
}

AppSettings::ShootoutForm ShootoutForm::value() const
{
    const shootout::ShootoutOptions o = options();
    AppSettings::ShootoutForm form;
    form.servers = o.servers;
    form.workloads = o.workloads;
    form.openModel = m_model->currentIndex() == 1;
    form.connections = o.concurrency;
    form.keepAlive = o.keepAlive;
    form.rate = int(m_rate->value());
    form.durationSeconds = m_duration->value();
    form.rounds = o.rounds;
    form.capacity = m_capacity->isChecked();
    form.slo = m_slo->text().trimmed();
    form.stepSeconds = m_step->value();
    return form;
}

void ShootoutForm::setValue(const AppSettings::ShootoutForm &form)
{
    m_setting = true;
    for (auto it = m_servers.cbegin(); it != m_servers.cend(); ++it)
        it.value()->setChecked(it.value()->isEnabled() && form.servers.contains(it.key()));
    for (auto it = m_workloads.cbegin(); it != m_workloads.cend(); ++it)
        it.value()->setChecked(form.workloads.contains(it.key()));
    m_model->setCurrentIndex(form.openModel ? 1 : 0);
    m_concurrency->setValue(form.connections);
    m_keepAlive->setChecked(form.keepAlive);
    m_rate->setValue(form.rate);
    m_duration->setValue(form.durationSeconds);
    m_rounds->setValue(form.rounds);
    m_capacity->setChecked(form.capacity);
    m_slo->setText(form.slo);
    m_step->setValue(form.stepSeconds);
    updateModelFields();
    m_setting = false;
}

} // namespace hostbench::ui
