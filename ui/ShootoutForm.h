#pragma once

#include "shootout/ShootoutOptions.h"
#include "ui/AppSettings.h"

#include <QMap>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace hostbench::ui {

class FieldError;

/*
 * The Shootout page's form: the servers (those not installed, for
 * `hostbench-cli` at `cliProgram`, shown disabled with the package that
 * provides them), the workloads W1-W6, the model (closed: connections and
 * keep-alive; open: requests/s), the duration per run and the rounds; or,
 * with "Capacity at SLO" (shootout --capacity), the SLOs (parted by commas,
 * each read as bench --slo reads it, a bad one shown under the field) and
 * each step's judged length, the rate being the searches' start.
 * options() is what it describes, as a shootout::ShootoutOptions (the CLI's
 * own type, so the page's command line is ShootoutOptions::arguments());
 * value()/setValue() the form as AppSettings keeps it. Its texts are the
 * page's (ShootoutPage::tr), so that they keep their translations and
 * accelerator group. Thread: GUI thread.
 */
class ShootoutForm final : public QWidget
{
    Q_OBJECT

public:
    ShootoutForm(const QString &cliProgram, QWidget *parent = nullptr);

    // The servers checked and installed, in the catalogue's order (Hostbench
    // first), the workloads checked, and the fields.
    shootout::ShootoutOptions options() const;
    // Shows "Pick at least one ..." under the servers or workloads when none
    // is picked, and why the SLOs do not read under them (Capacity at SLO);
    // true when all is well.
    bool checkChoice();

    AppSettings::ShootoutForm value() const;
    // Sets the fields without emitting changed().
    void setValue(const AppSettings::ShootoutForm &form);

signals:
    // A field was changed by the user (or a program), not by setValue().
    void changed();

private:
    QWidget *makeServers(const QString &cliProgram);
    QWidget *makeWorkloads();
    void makeFields();
    void connectFields();
    void updateModelFields();
    QStringList checkedServers() const;
    QStringList checkedWorkloads() const;

    bool m_setting = false; // setValue() under way: nothing changed
    QMap<QString, QCheckBox *> m_servers;
    QMap<QString, QCheckBox *> m_workloads;
    FieldError *m_serversError = nullptr;
    FieldError *m_workloadsError = nullptr;
    QComboBox *m_model = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QCheckBox *m_keepAlive = nullptr;
    QDoubleSpinBox *m_rate = nullptr;
    QDoubleSpinBox *m_duration = nullptr;
    QSpinBox *m_rounds = nullptr;
    QCheckBox *m_capacity = nullptr;
    QLineEdit *m_slo = nullptr;
    FieldError *m_sloError = nullptr;
    QDoubleSpinBox *m_step = nullptr;
    // The SLOs of the field (model::CapacitySearch::parseSlo), or empty with *why.
    QStringList sloList(QString *why) const;
};

} // namespace hostbench::ui
