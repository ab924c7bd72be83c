// CV content edited by the owner: this file is compiled into the bundle, not fetched at run time.
import type { CvData } from './cv-types';

export const cvData: CvData = {
  skillTags: {
    Spring: 'Spring Boot',
    'Spring Boot 1.x à 3.x': 'Spring Boot',
    'TypeScript / JavaScript': 'TypeScript',
    'Shell / Python': 'Shell',
    'Angular 2 à 17': 'Angular',
    'Hibernate 2 à 6': 'Hibernate',
    'architecture hexagonale': 'Architecture',
    'OAuth 2.0': 'OAuth2',
    OpenTelemetry: 'Observabilité',
  },
  knowledge_list: [
    {
      name: 'Langages',
      list: [
        { name: 'Java', details: '1.4 à 21, JVM, concurrence, performances et tuning du GC' },
        { name: 'TypeScript / JavaScript', details: 'ES2022, typage strict, RxJS' },
        { name: 'SQL', details: 'PL/SQL, PL/pgSQL, optimisation de requêtes' },
        { name: 'Kotlin', details: 'services Spring Boot, coroutines' },
        { name: 'Shell / Python', details: 'scripts d’exploitation, outillage de migration' },
      ],
    },
    {
      name: 'Frameworks back-end',
      list: [
        { name: 'Spring', details: 'Spring Boot 1.x à 3.x, Spring Security, Spring Batch, Spring Cloud' },
        { name: 'Jakarta EE / JEE', details: 'EJB, JPA, JAX-RS, CDI, JMS' },
        { name: 'Persistance', details: 'Hibernate 2 à 6, Spring Data JPA, jOOQ, Flyway, Liquibase' },
        { name: 'Messagerie', details: 'Apache Kafka, RabbitMQ, IBM MQ' },
      ],
    },
    {
      name: 'Front-end',
      details: 'Angular 2 à 17, AngularJS, RxJS, NgRx, React, HTML5, SCSS, Bootstrap, accessibilité RGAA',
    },
    {
      name: 'Bases de données',
      details: 'PostgreSQL, Oracle Database (9i à 19c), MySQL, MongoDB, Redis, Elasticsearch',
    },
    {
      name: 'Architecture',
      list: [
        { name: 'Conception', details: 'DDD, architecture hexagonale, CQRS, event sourcing' },
        { name: 'Systèmes distribués', details: 'microservices, API REST et OpenAPI, intégration par événements' },
        { name: 'Sécurité', details: 'OAuth 2.0, OpenID Connect, Keycloak, OWASP Top 10' },
        { name: 'Modernisation', details: 'migration de monolithes JEE, strangler fig, reprise de données' },
      ],
    },
    {
      name: 'DevOps & Cloud',
      details: 'Docker, Kubernetes, OpenShift, AWS (EKS, RDS, S3, Lambda), Terraform, GitLab CI, Jenkins, Argo CD, Prometheus, Grafana, OpenTelemetry',
    },
    {
      name: 'Qualité & tests',
      details: 'JUnit 5, Mockito, Testcontainers, Cypress, Playwright, SonarQube, ArchUnit, Gatling',
    },
    {
      name: 'Méthodes',
      details: 'Scrum, Kanban, SAFe, revue de code, TDD, ADR (Architecture Decision Records), mentorat d’équipe',
    },
    {
      name: 'Langues',
      spokenLanguages: true,
      list: [
        { name: 'Français', details: 'langue maternelle' },
        { name: 'Anglais', details: 'courant, TOEIC 920, réunions et documentation techniques' },
        { name: 'Espagnol', details: 'notions, lecture courante' },
      ],
    },
  ],

  formation_list: [
    {
      years: { start: 2022, end: 2022 },
      title: 'AWS Certified Solutions Architect – Associate',
      location: 'Amazon Web Services, certification en ligne',
      kind: 'certification',
    },
    {
      years: { start: 2020, end: 2020 },
      title: 'Oracle Certified Professional, Java SE 11 Developer',
      location: 'Oracle University, centre d’examen de Nantes',
      kind: 'certification',
    },
    {
      years: { start: 2014, end: 2014 },
      title: 'Professional Scrum Master I (PSM I)',
      location: 'Scrum.org, formation suivie à Rennes',
      kind: 'certification',
    },
    {
      years: { start: 2005, end: 2005 },
      title: 'Sun Certified Programmer for the Java 2 Platform 1.4 (SCJP)',
      location: 'Sun Microsystems, centre d’examen de Nantes',
      kind: 'certification',
    },
    {
      years: { start: 2001, end: 2003 },
      title: 'Diplôme d’ingénieur en informatique, option génie logiciel',
      location: 'École supérieure d’ingénierie informatique de l’Ouest, Nantes',
      kind: 'degree',
    },
    {
      years: { start: 1999, end: 2001 },
      title: 'DUT Informatique',
      location: 'Institut universitaire de technologie, Nantes',
      kind: 'degree',
    },
    {
      years: { start: 1999, end: 1999 },
      title: 'Baccalauréat scientifique, mention bien',
      location: 'Lycée Jules-Verne, Nantes',
      kind: 'degree',
    },
  ],

  companies: [
    {
      employer: 'Mutuelle Océane',
      relation: 'client freelance',
      years: { start: 2022 },
      exp: [
        {
          job: 'Architecte logiciel, refonte de l’espace adhérent',
          list: [
            'Définition de l’architecture cible de 14 microservices Spring Boot 3 découpés par domaine métier (DDD).',
            'Migration de l’hébergement vers AWS EKS avec Terraform : 3 environnements provisionnés de bout en bout en moins d’une heure.',
            'Mise en place de l’observabilité avec OpenTelemetry et Grafana : temps moyen de diagnostic des incidents divisé par 3.',
            'Rédaction de 40 ADR et animation d’une guilde d’architecture réunissant 5 équipes.',
          ],
          description: [
            'Mission d’architecture au sein d’une mutuelle santé de 600 000 adhérents pour remplacer un portail JEE vieillissant par une plateforme modulaire, sécurisée et déployée dans le cloud.',
            'Accompagnement des équipes de développement sur les bonnes pratiques (architecture hexagonale, tests de contrat, sécurité OAuth 2.0) et arbitrage des choix techniques avec la DSI.',
          ],
          env: 'Java 21, Spring Boot 3.2, Spring Security, Angular 17, PostgreSQL 15, Apache Kafka 3.6, Keycloak 23, AWS (EKS, RDS, S3, Lambda), Terraform, GitLab CI, Argo CD, OpenTelemetry, Grafana',
        },
        {
          job: 'Expert technique, audit de performance du moteur de remboursement',
          description: [
            'Mission courte de six semaines pour diagnostiquer les lenteurs du traitement nocturne des remboursements, dont la durée dépassait la fenêtre d’exploitation.',
            'Profilage de la JVM, analyse des plans d’exécution Oracle et refonte des lots Spring Batch en traitement partitionné : la durée du traitement est passée de 7 h à 1 h 40.',
          ],
          env: 'Java 17, Spring Batch 5, Oracle Database 19c, JDK Flight Recorder, async-profiler, Gatling',
        },
      ],
    },
    {
      employer: 'Banque Ligérienne',
      relation: 'client freelance',
      years: { start: 2019, end: 2022 },
      exp: [
        {
          job: 'Architecte technique, plateforme de crédit à la consommation',
          list: [
            'Découpage d’un monolithe JEE de 450 000 lignes en 9 services Spring Boot selon le modèle strangler fig, sans interruption de service.',
            'Conception d’un bus d’événements Kafka traitant 2 millions de messages par jour entre le front-office et le système de gestion des prêts.',
            'Industrialisation des déploiements sur OpenShift 4 : passage d’une mise en production mensuelle à des livraisons hebdomadaires.',
            'Intégration d’un parcours de souscription en ligne Angular conforme aux exigences DSP2 d’authentification forte.',
          ],
          env: 'Java 11, Spring Boot 2.5, Spring Cloud, Angular 12, NgRx, Apache Kafka 2.8, Oracle Database 19c, PostgreSQL 12, OpenShift 4, HashiCorp Vault, Jenkins, SonarQube',
        },
      ],
    },
    {
      employer: 'Transports Armor Logistique',
      relation: 'client freelance',
      years: { start: 2017, end: 2019 },
      exp: [
        {
          job: 'Lead technique full-stack, application de suivi de flotte',
          list: [
            'Encadrement technique d’une équipe de 6 développeurs et mise en place des revues de code systématiques.',
            'Développement d’une API de géolocalisation temps réel pour 1 200 véhicules, avec un point de position toutes les 30 secondes.',
            'Refonte du tableau de bord des exploitants en Angular avec cartographie Leaflet et rafraîchissement par WebSocket.',
          ],
          description: [
            'Première mission en indépendant, pour un transporteur régional souhaitant remplacer une application client lourd par une solution web accessible aux exploitants et aux chauffeurs.',
          ],
        },
      ],
    },
    {
      employer: 'Atlantique Santé Logiciels',
      relation: 'éditeur',
      years: { start: 2011, end: 2017 },
      exp: [
        {
          job: 'Architecte logiciel',
          years: { start: 2015, end: 2017 },
          description: [
            'Responsable de l’architecture de la gamme de logiciels de gestion de dossiers patients, installée dans plus de 80 établissements de santé.',
            'Conduite de la transition vers une architecture orientée API (Spring Boot, REST, HL7 FHIR) et de la conteneurisation des livrables avec Docker, ainsi que de la préparation à l’hébergement de données de santé (HDS).',
          ],
          env: 'Java 8, Spring Boot 1.5, Angular 2, HL7 FHIR (HAPI FHIR), PostgreSQL 9.6, Elasticsearch 2.4, RabbitMQ, Docker, Jenkins, GitLab',
        },
        {
          job: 'Lead technique',
          years: { start: 2013, end: 2015 },
          list: [
            'Migration de l’interface de saisie des dossiers de JSF vers AngularJS 1.3 sur 120 écrans, en conservant les règles métier côté serveur.',
            'Passage de SVN à Git et mise en place de l’intégration continue sous Jenkins : temps de construction réduit de 45 à 12 minutes.',
            'Introduction d’Elasticsearch pour la recherche de patients : temps de réponse moyen ramené de 4 s à 200 ms.',
          ],
          description: [
            'Référent technique d’une équipe de 8 personnes, en charge des choix de conception, de la qualité du code et de l’accompagnement des développeurs juniors.',
          ],
        },
        {
          job: 'Développeur Java senior',
          years: { start: 2011, end: 2013 },
          list: [
            'Développement du module de prescription médicamenteuse interfacé avec une base de données de médicaments agréée.',
            'Écriture des connecteurs d’échange HL7 v2 avec les laboratoires d’analyses de 12 établissements.',
            'Couverture de tests portée de 25 % à 70 % sur le cœur métier.',
          ],
        },
        {
          job: 'Formateur interne Java et Spring (en parallèle, 2 jours par mois)',
        },
      ],
    },
    {
      employer: 'SSII Ouest Ingénierie Conseil',
      years: { start: 2006, end: 2011 },
      exp: [
        {
          job: 'Chef de projet technique',
          years: { start: 2009, end: 2011 },
          description: [
            'Pilotage technique de projets au forfait pour des clients du secteur public et de l’assurance dans le Grand Ouest, de l’avant-vente jusqu’à la recette.',
            'Réalisation notable : portail de téléprocédures pour une collectivité territoriale, livré en 9 mois par une équipe de 5 personnes et utilisé par 40 000 usagers la première année.',
          ],
        },
        {
          job: 'Ingénieur d’études Java/JEE',
          years: { start: 2006, end: 2009 },
          list: [
            'Développement d’une application de gestion de sinistres pour un assureur régional (Struts 2, Spring 2.5, Hibernate 3).',
            'Mise en place de Maven 2 et de Hudson sur 4 projets de l’agence.',
            'Optimisation des traitements de facturation : durée du lot mensuel réduite de 60 %.',
          ],
          env: 'Java 5 et 6, Spring 2.5, Struts 2, JSF 1.2, Hibernate 3, JBoss 4.2, IBM WebSphere 6.1, Oracle Database 10g, Maven 2, SVN, Hudson',
        },
      ],
    },
    {
      employer: 'Société Nantaise de Services Informatiques',
      years: { start: 2003, end: 2006 },
      exp: [
        {
          job: 'Développeur Java/J2EE',
          years: { start: 2003, end: 2006 },
          env: 'J2SE 1.4, J2EE 1.4, Struts 1.1, EJB 2.1, JSP, Servlets, Hibernate 2, BEA WebLogic 8.1, Apache Tomcat 5, Oracle 9i, Ant, CVS, Eclipse 3',
        },
        {
          job: 'Ingénieur stagiaire, projet de fin d’études de 6 mois',
          years: { start: 2003, end: 2003 },
          list: [
            'Conception et développement d’un outil de gestion des demandes d’intervention en Struts et EJB, adopté ensuite par 3 clients.',
            'Rédaction du dossier de conception et des procédures de déploiement sous WebLogic.',
          ],
        },
      ],
    },
  ],
};
